// Headers are not entries of a compile database: a header named as an input
// (a pre-commit run on a commit that changed only `include/store.h`, an
// editor showing `store.h`) is analysed through a translation unit that
// includes it, as clangd does. This file finds that unit: it runs clang's
// dependency scanner (the preprocessor over a directive-only view of each
// file, the same pass clang-scan-deps makes) on the database's entries,
// nearest first, and stops once every header has an includer.
#pragma once

#include "driver/CompileDatabase.h"

#include <map>
#include <string>
#include <vector>

namespace tablelint {

// .h, .hh, .hpp, .hxx, .h++, .inl, .ipp, .tpp: what the pre-commit hook
// passes besides sources.
bool isCppHeaderPath(const std::string &Path);

struct HeaderIncluderOptions {
  // Unsaved editor buffers laid over the disk (an unsaved header may include
  // another one).
  const std::map<std::string, std::string> *UnsavedFiles = nullptr;
};

// For each header (absolute, normalised): the entry of DB whose includes
// reach it, preferring the one that did last time in this process (the
// editor's next lint of the header scans one TU), then a source of the same
// stem (store.h -> store.cpp), then the one sharing the longest directory
// prefix. Headers no entry
// includes are absent from the result. A TU the scanner cannot preprocess
// (a missing include) is passed over.
std::map<std::string, clang::tooling::CompileCommand>
findIncludingUnits(const CompileDatabase &DB,
                   const std::vector<std::string> &Headers,
                   const HeaderIncluderOptions &Options = {});

} // namespace tablelint
