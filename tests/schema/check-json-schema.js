// Checks docs/schema/tablelint-schema-v1.json, the JSON Schema that YAML
// language servers use to complete and validate tablelint schema files,
// against the loader's test inputs: every good input validates, every input
// with unknown keys, wrong types or missing keys does not, and each reports
// the keys the loader reports. Also checks that the good inputs'
// `# yaml-language-server: $schema=...` modelines point at the file.
//
// Usage: node tests/schema/check-json-schema.js SOURCE_DIR
'use strict';

const fs = require('fs');
const path = require('path');
const Ajv = require('ajv');
const YAML = require('yaml');

const root = process.argv[2] || path.join(__dirname, '..', '..');
const schemaPath = path.join(root, 'docs', 'schema', 'tablelint-schema-v1.json');
const inputs = path.join(root, 'test-inputs', 'schemas', 'loader');

// Strict mode: a keyword Ajv does not know is an error in the schema itself
// (union types such as ["array", "null"] are plain draft-07).
const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, 'utf8')));

let failures = 0;
function fail(message) {
  console.error('FAIL: ' + message);
  failures++;
}

function check(file) {
  const text = fs.readFileSync(file, 'utf8');
  const valid = validate(YAML.parse(text));
  return { text, valid, errors: validate.errors || [] };
}

// What an error is about: the unknown key, or the path of the bad value.
function subject(e) {
  if (e.keyword === 'additionalProperties') return e.params.additionalProperty;
  if (e.keyword === 'required') return e.params.missingProperty;
  return e.instancePath.split('/').pop();
}

const goodDir = path.join(inputs, 'good');
const goodFiles = fs.readdirSync(goodDir).filter((f) => f.endsWith('.yaml'));
if (goodFiles.length < 3) fail('expected at least 3 good inputs in ' + goodDir);
for (const name of goodFiles) {
  const file = path.join(goodDir, name);
  const r = check(file);
  if (!r.valid) fail(`${name} should validate: ${ajv.errorsText(r.errors)}`);
  const modeline = /^# yaml-language-server: \$schema=(\S+)$/m.exec(r.text);
  if (modeline && !fs.existsSync(path.resolve(goodDir, modeline[1])))
    fail(`${name}: the modeline names ${modeline[1]}, which does not exist`);
}

// The design-pattern cases and what `suggest` writes for them (fanOut,
// when, index tables) validate too.
const patternDir = path.join(root, 'test-inputs', 'schemas', 'patterns');
const patternFiles = [];
for (const dir of [patternDir, path.join(patternDir, 'expected')])
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')))
    patternFiles.push(path.join(dir, name));
if (patternFiles.length < 8) fail('expected the design-pattern cases in ' + patternDir);
for (const file of patternFiles) {
  const r = check(file);
  if (!r.valid) fail(`${path.relative(root, file)} should validate: ${ajv.errorsText(r.errors)}`);
}

// Each bad input, with keys that must be among the reported subjects
// ('0': the key '000' left of `distinct: 1,000`, which YAML reads as 0).
const bad = {
  'unknown-keys.yaml': ['regoin', 'maxRetry', 'partitonKey', 'partitionKey', 'distinc', '0', 'rat', 'rate', 'index'],
  'wrong-types.yaml': ['kind', 'auth', 'maxConcurrency', 'bandwidth', 'type', 'grows', 'distribution', 'op', 'rate', 'batch', 'select', 'retention'],
  'missing-keys.yaml': ['version', 'name', 'rowKey', 'type', 'rate', 'writes'],
  'values.yaml': ['version', 'entitiesPerSecond', 'bandwidth', 'policy', 'baseDelay', 'retryOn', 'rate'],
  'table-kinds.yaml': ['rowKey'],
  'buckets.yaml': ['default', 'tenantId-1', 'tenantId-2', 'per', 'heavy', 'buckets', 'by'],
  'shards.yaml': ['shards'],
};
for (const [name, keys] of Object.entries(bad)) {
  const r = check(path.join(inputs, 'bad', name));
  if (r.valid) {
    fail(`${name} should not validate`);
    continue;
  }
  const seen = new Set(r.errors.map(subject));
  for (const key of keys)
    if (![...seen].some((s) => s === key || /^\d+$/.test(s) && key === 'retryOn'))
      fail(`${name}: no error about '${key}' (got: ${[...seen].join(', ')})`);
}

if (failures) {
  console.error(`${failures} failure(s)`);
  process.exit(1);
}
console.log(`JSON Schema: ${goodFiles.length} good inputs and ${patternFiles.length} design-pattern files validate, ${Object.keys(bad).length} bad inputs are rejected`);
