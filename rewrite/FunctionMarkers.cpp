//===- rewrite/FunctionMarkers.cpp - Function markers and names -----------===//
//
// The part of FileRewriter (FileRewriterImpl.h) that marks functions for
// the profile (a region marker at the body's start, left out where the
// caller's term already covers a loopless function or a small or leaf
// Base one with a loop) and keeps the
// original name of a function the simulator renames (__func__ and its
// kin, #line).
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"
#include "rewrite/templates/TemplateLowering.h"
#include "support/SourceFiles.h"

#include "llvm/ADT/StringExtras.h"

namespace varsim::rewrite::detail {

std::string originalNameDefines(llvm::StringRef Name) {
  std::string Quoted = "\"" + calledName(Name).str() + "\"";
  return "#define __func__ " + Quoted + "\n#define __FUNCTION__ " + Quoted +
         "\n#define __PRETTY_FUNCTION__ " + Quoted + "\n";
}

std::string originalNameUndefs() {
  return "#undef __func__\n#undef __FUNCTION__\n#undef __PRETTY_FUNCTION__\n";
}

llvm::Error FileRewriter::keepOriginalName(const FunctionFact &Fn,
                                           llvm::StringRef Name) {
  if (Duplicates.count(Fn.BodyBegin))
    return llvm::Error::success(); // Its copies define it (renderDuplicate).
  if (inAnyParse(Fn.BodyBegin, &FunctionFact::OpaqueFuncName))
    return error(Fn.NameBegin,
                 "'" + Name +
                     "' is renamed in the simulator (it is defined per "
                     "feature or copied per configuration), and its body "
                     "uses __PRETTY_FUNCTION__ or a predefined name inside "
                     "a lambda, whose text would change; use __func__");
  llvm::StringRef Text(In.Text);
  unsigned Begin = Fn.DeclBegin, End = Fn.BodyEnd + 1;
  bool AtLineStart = Begin == 0 || Text[Begin - 1] == '\n';
  addEdit(Begin, Begin,
          (AtLineStart ? "" : "\n") + originalNameDefines(Name) + "#line " +
              std::to_string(originalLine(FS.lineOf(Begin))) + "\n");
  addEdit(End, End,
          "\n" + originalNameUndefs() + "#line " +
              std::to_string(originalLine(FS.lineOf(Fn.BodyEnd))) + "\n");
  return llvm::Error::success();
}

/// A `static` non-member function of a source file (not a header: other
/// files cannot name it) whose name the file uses only to call it: every
/// caller is code of this file, none takes its address for a table or a
/// callback that Base code might call through.
bool onlyCalledInFile(const FunctionFact &Fn, llvm::StringRef Path,
                      llvm::StringRef Text, const CalledNames *Names) {
  if (Fn.Lambda || Fn.NameLength == 0 ||
      Fn.NameBegin + Fn.NameLength > Text.size())
    return false;
  auto IsIdent = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  // A private member whose class's code is all in this file is called from
  // this file only, header or not; a member of another class may share its
  // name, whose calls then count too (callers added, none missed).
  if (!Fn.SealedMember) {
    if (Fn.Member || Fn.Template || !isTranslationUnitName(Path))
      return false;
    llvm::StringRef Head = Text.slice(Fn.DeclBegin, Fn.NameBegin);
    size_t Static = Head.find("static");
    if (Static == llvm::StringRef::npos ||
        (Static > 0 && IsIdent(Head[Static - 1])) ||
        (Static + 6 < Head.size() && IsIdent(Head[Static + 6])))
      return false;
  }
  llvm::StringRef Name = Text.substr(Fn.NameBegin, Fn.NameLength);
  // A use of an identifier is a whole word, so the names' table answers
  // for a name of identifier characters (the scan below, for the rest).
  if (Names && llvm::all_of(Name, IsIdent))
    return Names->onlyCalled(Name);
  for (size_t At = Text.find(Name); At != llvm::StringRef::npos;
       At = Text.find(Name, At + Name.size())) {
    size_t End = At + Name.size();
    if ((At > 0 && IsIdent(Text[At - 1])) ||
        (End < Text.size() && IsIdent(Text[End])))
      continue;
    if (!followedByCall(Text.drop_front(End)))
      return false; // Its address, or a use the scan cannot read.
  }
  return true;
}

CalledNames::CalledNames(llvm::StringRef Text) {
  auto IsIdent = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  for (size_t At = 0; At < Text.size();) {
    if (!IsIdent(Text[At])) {
      ++At;
      continue;
    }
    size_t End = At + 1;
    while (End < Text.size() && IsIdent(Text[End]))
      ++End;
    bool &Called =
        OnlyCalled.try_emplace(Text.slice(At, End), true).first->second;
    if (Called)
      Called = followedByCall(Text.drop_front(End));
    At = End;
  }
}

/// The most lines of a Base function with a loop (or goto) that calls the
/// project's code and gets no marker. Such a function is mostly a short
/// visit called from a loop (a hash-chain walk, a call set-up that
/// retries, a compare): its marker costs as much as its feature tests, and
/// the runtime folds it into its callers once hot anyway (docs/runtime.md).
/// Unmarked, its time is its callers' self time, and the data-flow
/// analysis gives its facts to its call sites, as for a loopless function.
/// A longer one keeps its marker: its own context is where the time of the
/// code it calls is seen (a callee's feature code, under its prefix).
/// A leaf (it calls nothing of the project: FunctionFact::CallsProject)
/// loses its marker whatever its length: its time is its own loop's, which
/// its caller's self time holds under the same prefix, and a marker would
/// keep the compiler from inlining it into that caller (Mbed TLS's
/// `mpi_mul_hlp`, long only for its unrolled multiply-accumulate lines,
/// and `mbedtls_mpi_cmp_mpi`: 1.19x the native instructions with their
/// markers, docs/realworld.md).
constexpr unsigned MaxUnmarkedLoopLines = 40;

void FileRewriter::markFunctions() {
  std::set<std::string> UnmarkedSwitchNames, ConstantReads;
  for (const auto &[Name, Plans] : unmarkedSwitches()) {
    UnmarkedSwitchNames.insert(Name);
    if (llvm::StringRef(Name).ends_with(templates::ValueSuffix))
      ConstantReads.insert(Name);
  }
  // A lowered `if constexpr` on a feature constant or a template flag
  // (`if (kNormalize__varsim_value())`, docs/templates.md) is a feature
  // block in all but spelling: the function holding it keeps its marker,
  // as one holding an `#ifdef` block does. Unmarked, its decision would be
  // a fact of every region calling it (evidence `callee`), and where those
  // are clones of one function per policy (`main__varsim_BINS_LOG`, ...),
  // each clone would need a run with the constant on and one with it off:
  // one run per variant. Marked, it is the fact of one region.
  auto ReadsAConstant = [&](const FunctionFact &Fn) {
    return !ConstantReads.empty() &&
           !callsOf(llvm::StringRef(In.Text).slice(Fn.BodyBegin, Fn.BodyEnd),
                    ConstantReads)
                .empty();
  };
  // Whether Fn, a Base function with a loop, is small or a leaf and holds
  // no feature code whose time needs its marker as the place it is timed
  // in: a feature block of its own, or (unless every caller is in this
  // file, where timedIn finds them) a call of an unmarked feature switch.
  auto IsUnmarkedBaseLoop = [&](const FunctionFact &Fn,
                                llvm::StringRef Condition) {
    if (Condition != "1" || Fn.Main)
      return false;
    if (Fn.EndLine - Fn.Line > MaxUnmarkedLoopLines &&
        inAnyParse(Fn.BodyBegin, &FunctionFact::CallsProject))
      return false;
    // State it keeps from call to call (a deadline, a cache) makes its time
    // depend on what earlier calls wrote, from any context: unmarked, every
    // feature that reaches the state would decide in each caller's region
    // (the samples' busy-work, whose deadline global every call writes and
    // the next one reads). Marked, that is a fact of its own region.
    if (inAnyParse(Fn.BodyBegin, &FunctionFact::SavedState))
      return false;
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      unsigned At = dir(FS.Groups[GI].Branches[0].DirectiveIndex).Begin;
      if (FG.Groups[GI].IsFeature && At > Fn.BodyBegin && At < Fn.BodyEnd)
        return false;
    }
    return onlyCalledHere(Fn) ||
           callsOf(llvm::StringRef(In.Text).slice(Fn.BodyBegin, Fn.BodyEnd),
                   UnmarkedSwitchNames)
               .empty();
  };
  for (const auto &[Begin, Fn] : Functions) {
    if (Fn->Lambda || Fn->Constexpr || Duplicates.count(Begin) ||
        Merged.count(Begin))
      continue;
    if (isUnmarkedVariant(*Fn)) {
      Ctx.Unmarked.push_back({Fn->Name, In.Path, Fn->Line, Fn->EndLine});
      continue;
    }
    CondPtr PC = FG.presenceAt(FS, Fn->DeclBegin);
    std::string Condition = conditionText(*PC, F);
    // A loopless function's marker costs more than a small hot function
    // and adds nothing the model needs: its time is its caller's self
    // time, whose term already holds the function's condition (Base adds
    // nothing; a function present only under C is called only from code
    // present under C, which a marked region or function covers). Except
    // where a call can come from elsewhere: a function other files may
    // call, or one whose address is taken (an indirect call from Base
    // code). Block markers (--granularity function has none) are what
    // cover the callers.
    bool ConditionCovered =
        Condition == "1" ||
        (Ctx.Detail == Granularity::Region && onlyCalledHere(*Fn));
    if (!Ctx.MarkEveryFunction && ConditionCovered && !Fn->Main &&
        !ReadsAConstant(*Fn) &&
        (!inAnyParse(Begin, &FunctionFact::Loops) ||
         isLoopAroundSwitches(*Fn, Condition) ||
         IsUnmarkedBaseLoop(*Fn, Condition))) {
      Ctx.Unmarked.push_back({Fn->Name, In.Path, Fn->Line, Fn->EndLine});
      continue;
    }
    unsigned Id = addRegion(runtime::RegionKind::Function, Fn->Name, Condition,
                            Fn->Line, Fn->EndLine);
    MarkedScopes.push_back({Fn->BodyBegin, Fn->BodyEnd, Id});
    addEdit(Begin + 1, Begin + 1,
            " " + runtime::regionMarker(runtime::RegionKind::Function, Id));
  }
}

} // namespace varsim::rewrite::detail
