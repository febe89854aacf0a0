// The allow-list of compile database arguments (see CompileFlags.h).
#include "driver/CompileFlags.h"

#include <clang/Driver/Driver.h>
#include <clang/Driver/Options.h>
#include <llvm/ADT/STLExtras.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Option/ArgList.h>
#include <llvm/Option/OptTable.h>

#include <filesystem>
#include <regex>

namespace tablelint {

namespace {

namespace fs = std::filesystem;
namespace opts = clang::driver::options;
using llvm::opt::Arg;

// Options kept with any value: each changes what the preprocessor or the
// parser sees, and none makes the driver run, load or write anything.
// clang-format off
constexpr opts::ID ParsingOptions[] = {
    // Include paths and macros.
    opts::OPT_I, opts::OPT_isystem, opts::OPT_iquote, opts::OPT_idirafter,
    opts::OPT_cxx_isystem, opts::OPT_isystem_after, opts::OPT_iprefix,
    opts::OPT_iwithprefix, opts::OPT_iwithprefixbefore, opts::OPT_iwithsysroot,
    opts::OPT_isysroot, opts::OPT__sysroot_EQ, opts::OPT__sysroot,
    opts::OPT_nostdinc, opts::OPT_nostdincxx, opts::OPT_nostdlibinc,
    opts::OPT_D, opts::OPT_U, opts::OPT_include, opts::OPT_imacros,
    // The language and its library.
    opts::OPT_ansi, opts::OPT_stdlib_EQ, opts::OPT_pthread,
    opts::OPT_fms_extensions, opts::OPT_fno_ms_extensions,
    opts::OPT_fms_compatibility, opts::OPT_fno_ms_compatibility,
    opts::OPT_fms_compatibility_version, opts::OPT_fdelayed_template_parsing,
    opts::OPT_fno_delayed_template_parsing, opts::OPT_fexceptions,
    opts::OPT_fno_exceptions, opts::OPT_fcxx_exceptions,
    opts::OPT_fno_cxx_exceptions, opts::OPT_frtti, opts::OPT_fno_rtti,
    opts::OPT_fcoroutines, opts::OPT_fno_coroutines, opts::OPT_fchar8__t,
    opts::OPT_fno_char8__t, opts::OPT_fsigned_char, opts::OPT_fno_signed_char,
    opts::OPT_funsigned_char, opts::OPT_fno_unsigned_char,
    opts::OPT_fshort_wchar, opts::OPT_fno_short_wchar, opts::OPT_fwchar_type_EQ,
    opts::OPT_fgnu_keywords, opts::OPT_fno_gnu_keywords, opts::OPT_fblocks,
    opts::OPT_fdeclspec, opts::OPT_fno_builtin, opts::OPT_fno_builtin_,
    opts::OPT_ffreestanding, opts::OPT_fsized_deallocation,
    opts::OPT_fno_sized_deallocation, opts::OPT_faligned_allocation,
    opts::OPT_fno_aligned_allocation, opts::OPT_fno_operator_names,
    opts::OPT_fgnuc_version_EQ, opts::OPT_fdollars_in_identifiers,
    opts::OPT_fno_dollars_in_identifiers, opts::OPT_fborland_extensions,
    opts::OPT_fpascal_strings, opts::OPT_fexperimental_library,
    opts::OPT_fsyntax_only, opts::OPT_c,
    // The target, for its predefined macros and type sizes.
    opts::OPT_driver_mode, opts::OPT_target, opts::OPT_target_legacy_spelling,
    opts::OPT_m32, opts::OPT_m64, opts::OPT_march_EQ, opts::OPT_mcpu_EQ,
    opts::OPT_mtune_EQ, opts::OPT_m_x86_Features_Group,
    opts::OPT_gcc_toolchain, opts::OPT_gcc_install_dir_EQ,
    // Diagnostics (harmless) and optimisation (__OPTIMIZE__).
    opts::OPT_W_Group, opts::OPT_W_Joined, opts::OPT_w, opts::OPT_pedantic,
    opts::OPT_pedantic_errors, opts::OPT_O_Group,
    // clang-cl's own spellings (its /I, /D, /U, /FI, /Zs are aliases of the
    // options above).
    opts::OPT__SLASH_std, opts::OPT__SLASH_EH, opts::OPT__SLASH_GR,
    opts::OPT__SLASH_GR_, opts::OPT__SLASH_TP, opts::OPT__SLASH_TC,
    opts::OPT__SLASH_permissive, opts::OPT__SLASH_permissive_,
    opts::OPT__SLASH_external_COLON_I, opts::OPT__SLASH_imsvc,
    opts::OPT__SLASH_MD, opts::OPT__SLASH_MDd, opts::OPT__SLASH_MT,
    opts::OPT__SLASH_MTd, opts::OPT__SLASH_Zc___cplusplus,
    opts::OPT__SLASH_Zc_char8_t, opts::OPT__SLASH_Zc_char8_t_,
    opts::OPT__SLASH_Zc_wchar_t, opts::OPT__SLASH_Zc_wchar_t_,
    opts::OPT__SLASH_Zc_twoPhase, opts::OPT__SLASH_Zc_twoPhase_,
    opts::OPT__SLASH_Zc_sizedDealloc, opts::OPT__SLASH_Zc_sizedDealloc_,
    opts::OPT__SLASH_Zc_alignedNew, opts::OPT__SLASH_Zc_alignedNew_,
    opts::OPT__SLASH_Zc_strictStrings, opts::OPT__SLASH_Zc_trigraphs,
    opts::OPT__SLASH_Zc_trigraphs_off,
};
// clang-format on

// -x takes only the C and C++ languages: `-x hip` or `-x cuda` would make
// the driver look for GPUs, which runs programs.
bool isParsingLanguage(llvm::StringRef Language) {
  return Language == "c" || Language == "c++" || Language == "c-header" ||
         Language == "c++-header" || Language == "none";
}

// -std= names a C or C++ standard (not cuda, hip or an OpenCL version).
bool isLanguageStandard(llvm::StringRef Standard) {
  static const std::regex Known(
      R"(^(c|gnu|c\+\+|gnu\+\+)[0-9][0-9a-z]*$|^iso9899:[0-9a-z]+$)");
  return std::regex_match(Standard.str(), Known);
}

bool isKept(const Arg &A) {
  const llvm::opt::Option &O = A.getOption();
  if (O.matches(opts::OPT_x))
    return A.getNumValues() == 1 && isParsingLanguage(A.getValue());
  if (O.matches(opts::OPT_std_EQ))
    return A.getNumValues() == 1 && isLanguageStandard(A.getValue());
  if (O.matches(opts::OPT_driver_mode))
    return A.getNumValues() == 1 &&
           llvm::is_contained({"gcc", "g++", "cl"},
                              llvm::StringRef(A.getValue()));
  return llvm::any_of(ParsingOptions,
                      [&](opts::ID Id) { return O.matches(Id); });
}

std::string absoluteIn(const std::string &Directory, const std::string &Path) {
  fs::path P(Path);
  if (P.is_relative())
    P = fs::path(Directory) / P;
  return P.lexically_normal().string();
}

} // namespace

std::vector<std::string>
parsingArguments(const std::vector<std::string> &CommandLine,
                 const std::string &File, const std::string &Directory,
                 std::vector<std::string> *Dropped) {
  // argv[0] names the compiler (its name sets clang-cl's mode); one that
  // starts with '@' would be read as a response file too.
  const std::string Program =
      CommandLine.empty() || CommandLine[0].empty() || CommandLine[0][0] == '@'
          ? "clang++"
          : CommandLine[0];
  std::vector<const char *> Argv;
  for (std::size_t I = 1; I < CommandLine.size(); ++I)
    Argv.push_back(CommandLine[I].c_str());
  const bool ClMode =
      clang::driver::IsClangCL(clang::driver::getDriverMode(Program, Argv));
  unsigned MissingIndex = 0, MissingCount = 0;
  const llvm::opt::InputArgList Parsed =
      clang::driver::getDriverOptTable().ParseArgs(
          Argv, MissingIndex, MissingCount,
          llvm::opt::Visibility(ClMode ? opts::CLOption : opts::ClangOption));

  // No config file: a clang++.cfg beside the program the database names
  // could hold every option dropped here.
  std::vector<std::string> Out = {Program, "--no-default-config"};
  const std::string Target = absoluteIn(Directory, File);
  // Each option as it was written: from its first argument to the next
  // option's ("-DX" stays one argument, "-D X" two). A trailing option
  // that lacks its value ("-o") is not in Parsed: it ends the last span.
  const unsigned End = MissingCount ? MissingIndex : Argv.size();
  for (auto It = Parsed.begin(); It != Parsed.end(); ++It) {
    const Arg *A = *It;
    const unsigned Next =
        std::next(It) == Parsed.end() ? End : (*std::next(It))->getIndex();
    const llvm::ArrayRef<const char *> Written =
        llvm::ArrayRef(Argv).slice(A->getIndex(), Next - A->getIndex());
    const bool Input =
        A->getOption().getKind() == llvm::opt::Option::InputClass;
    if (Input && absoluteIn(Directory, A->getValue()) == Target)
      continue; // named once, at the end
    // clang's tool runner reads every argument that starts with '@' as a
    // response file, values too ("-D" "@/dev/zero").
    const bool NamesResponseFile =
        llvm::any_of(Written, [](const char *S) { return S[0] == '@'; });
    // -Wp, -Wa, -Wl, hand their arguments to another tool (`-Wp,-MD,FILE`
    // writes FILE), however the driver mode parses them.
    const bool PassesToTool = llvm::any_of(Written, [](const char *S) {
      const llvm::StringRef W(S);
      return W.starts_with("-Wp,") || W.starts_with("-Wa,") ||
             W.starts_with("-Wl,");
    });
    const bool Keep =
        !Input && !NamesResponseFile && !PassesToTool && isKept(*A);
    if (Keep || Dropped)
      for (const char *S : Written)
        (Keep ? Out : *Dropped).emplace_back(S);
  }
  if (Dropped)
    for (unsigned I = End; I < Argv.size(); ++I)
      Dropped->emplace_back(Argv[I]);
  // After "--", so a file named "-oschema.cpp" stays a file name.
  Out.push_back("--");
  Out.push_back(File);
  return Out;
}

} // namespace tablelint
