// Validates SARIF logs against the SARIF 2.1.0 JSON schema with Ajv: the
// multitool's `validate` lets through what the schema forbids (a level of
// "catastrophic", a ruleIndex of "x"), so the tests check both. The schema
// file ships with the SARIF multitool package in node_modules/.
//
// Usage: node tests/support/validate-sarif.js SOURCE_DIR FILE...
// Prints "FILE: /instance/path message" per error; exits 1 when a file is
// invalid, 2 when the validator cannot run.
'use strict';

const fs = require('fs');
const path = require('path');

const root = process.argv[2];
const files = process.argv.slice(3);
const schemaPath = path.join(root, 'node_modules', '@microsoft',
                             'sarif-multitool-linux', 'sarif-2.1.0.json');
let validate;
try {
  const Ajv2020 = require(path.join(root, 'node_modules', 'ajv', 'dist', '2020'));
  // Formats (uri, date-time) are not checked: Ajv needs ajv-formats for
  // them, and the multitool checks them.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, 'utf8')));
} catch (e) {
  console.log('cannot load the SARIF schema or Ajv: ' + e.message);
  process.exit(2);
}

let invalid = 0;
for (const file of files) {
  let log;
  try {
    log = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    console.log(file + ': not JSON: ' + e.message);
    invalid++;
    continue;
  }
  if (!validate(log)) {
    invalid++;
    for (const error of validate.errors)
      console.log(file + ': ' + (error.instancePath || '/') + ' ' + error.message);
  }
}
process.exit(invalid ? 1 : 0);
