//===- rewrite/passes/FunctionSwitchPass.cpp - Functions per feature -----===//
//
// Reads: the parses' views (function and definition facts), texts,
// structures, groups and features. Adds: to the ProjectContext, one
// SwitchPlan per function defined in several variants (renamed variants,
// a switch under the original name). Refuses a C function defined per
// feature with another type or linkage, and a variable, type or typedef
// defined differently per feature (construct 8).
//
//===----------------------------------------------------------------------===//

#include "rewrite/SourceText.h"
#include "rewrite/passes/Passes.h"

namespace varsim::rewrite {
namespace {

using SiteKey = std::pair<std::string, unsigned>; // (file, offset)

/// "'int' when A (f.c:3) and 'long' when !A (f.c:5)": item N of Count.
std::string listSeparator(size_t N, size_t Count) {
  return N == 0 ? "" : N + 1 == Count ? " and " : ", ";
}

/// The #if tests around Offset as written, outermost first ("#if N == 1"
/// / "#if W == 8"; "#else of #ifdef A"), "" outside every group: what
/// chooses a definition when no feature does in the rewrite's terms (tests
/// of macros it could not resolve over features, zlib's N and W from
/// Z_TESTN).
std::string enclosingTests(const FileStructure &FS, unsigned Offset) {
  std::vector<std::pair<const CondGroup *, const CondGroup::Branch *>> Around;
  for (const CondGroup &G : FS.Groups)
    for (const CondGroup::Branch &B : G.Branches)
      if (B.ContentBegin <= Offset && Offset < B.ContentEnd)
        Around.push_back({&G, &B});
  std::sort(Around.begin(), Around.end(), [](const auto &X, const auto &Y) {
    return X.second->ContentEnd - X.second->ContentBegin >
           Y.second->ContentEnd - Y.second->ContentBegin;
  });
  auto Spelled = [&](unsigned Index) {
    const Directive &D = FS.Directives[Index];
    const char *Keyword = D.Kind == DirectiveKind::Ifdef      ? "#ifdef"
                          : D.Kind == DirectiveKind::Ifndef   ? "#ifndef"
                          : D.Kind == DirectiveKind::Elif     ? "#elif"
                          : D.Kind == DirectiveKind::Elifdef  ? "#elifdef"
                          : D.Kind == DirectiveKind::Elifndef ? "#elifndef"
                                                              : "#if";
    return std::string(Keyword) + " " + llvm::StringRef(D.Body).trim().str();
  };
  std::string Out;
  for (const auto &[G, B] : Around) {
    const Directive &D = FS.Directives[B->DirectiveIndex];
    Out += (Out.empty() ? "" : " / ") +
           (D.Kind == DirectiveKind::Else
                ? "#else of " + Spelled(G->Branches.front().DirectiveIndex)
                : Spelled(B->DirectiveIndex));
  }
  return Out;
}

} // namespace

llvm::Error runFunctionSwitchPass(RewriteState &S) {
  const ProjectLayout &Project = *S.Project;
  const FeatureSetup &Features = *S.Features;
  const auto &Structures = S.Structures;
  const auto &Groups = S.Groups;
  const auto &Texts = S.Texts;
  ProjectContext &Ctx = *S.Ctx;
  std::map<std::string, std::map<SiteKey, const FunctionFact *>> ByKey;
  std::map<std::string, std::map<SiteKey, const DefinitionFact *>> Defs;
  for (const auto &[File, Vs] : S.Views)
    for (const ParseView &V : Vs) {
      for (const FunctionFact &Fn : V.Facts->Functions)
        ByKey[Fn.Key].try_emplace({File, Fn.BodyBegin}, &Fn);
      for (const DefinitionFact &D : V.Facts->Definitions)
        Defs[D.Key].try_emplace({File, D.Offset}, &D);
    }
  // C: one name, one function. Definitions of a name per feature whose
  // type or linkage differ (`static int f(int)` / `long f(long, int)`)
  // are not one function with a switch; the simulator would define the
  // name twice. Refused here, located, rather than a simulator that does
  // not compile.
  {
    std::map<
        std::string,
        std::map<std::string, std::pair<std::string, const FunctionFact *>>>
        ByName;
    for (const auto &[Key, Sites] : ByKey)
      for (const auto &[Site, Fn] : Sites)
        if (Fn->CLanguage && !Fn->Member)
          ByName[Fn->Name].try_emplace(Key, Site.first, Fn);
    for (const auto &[Name, Keys] : ByName) {
      if (Keys.size() < 2)
        continue;
      // One definition whose header has #if lines (a parameter under a
      // feature): its types differ per parse, yet it is one function.
      std::set<std::pair<std::string, unsigned>> Places;
      for (const auto &[Key, Site] : Keys)
        Places.insert({Site.first, Site.second->BodyBegin});
      if (Places.size() == 1)
        continue;
      std::string Variants;
      bool UnderFeature = false;
      const std::pair<std::string, const FunctionFact *> *Last = nullptr;
      size_t N = 0;
      for (const auto &[Key, Site] : Keys) {
        const FileStructure &FS = Structures.at(Site.first);
        CondPtr PC =
            Groups.at(Site.first).presenceAt(FS, Site.second->DeclBegin);
        std::string Cond = conditionText(*PC, Features);
        UnderFeature = UnderFeature || Cond != "1";
        llvm::StringRef Text = Texts.at(Site.first);
        std::string Header =
            Text.slice(Site.second->DeclBegin, Site.second->BodyBegin).str();
        std::replace(Header.begin(), Header.end(), '\n', ' ');
        Variants += listSeparator(N, Keys.size()) +
                    ("'" + llvm::StringRef(Header).trim().str() + "' when " +
                     (Cond == "1" ? "always" : Cond) + " (" +
                     Project.relativeToRoot(Site.first) + ":" +
                     std::to_string(Site.second->Line) + ")");
        Last = &Site;
        ++N;
      }
      if (!UnderFeature || !Last)
        continue;
      // Each definition its own name, each use the one it reaches.
      bool OneSitePerKey = llvm::all_of(
          Keys, [&](const auto &K) { return ByKey.at(K.first).size() == 1; });
      if (OneSitePerKey) {
        std::vector<std::pair<std::string, const FunctionFact *>> Sites;
        for (const auto &[Key, Site] : Keys)
          Sites.push_back(Site);
        llvm::Expected<bool> Lowered = lowerSignatureVariants(S, Name, Sites);
        if (!Lowered)
          return Lowered.takeError();
        if (*Lowered)
          continue;
      }
      const FileStructure &FS = Structures.at(Last->first);
      unsigned Off = Last->second->NameBegin;
      unsigned Line = FS.lineOf(Off);
      return makeError(
          Last->first, Line, Off - FS.LineStarts[Line - 1] + 1,
          "the function '" + Name +
              "' is defined per feature with another type or linkage: " +
              Variants +
              "; the simulator holds every variant's definitions, and "
              "one C name cannot be two functions: give each variant "
              "its own name (the callers already choose per feature) or "
              "the same signature");
    }
  }
  for (const auto &[Key, Sites] : ByKey) {
    if (Sites.size() < 2)
      continue;
    SwitchPlan SP;
    for (const auto &[Site, Fn] : Sites) {
      const std::string &File = Site.first;
      const FileStructure &FS = Structures.at(File);
      llvm::StringRef Text = Texts.at(File);
      CondPtr PC = Groups.at(File).presenceAt(FS, Fn->DeclBegin);
      SwitchPlan::Variant V;
      V.File = File;
      V.Fn = Fn;
      V.Condition = conditionText(*PC, Features);
      V.Code = conditionCode(*PC, Features);
      llvm::StringRef Base = Fn->Name;
      if (size_t Colons = Base.rfind("::"); Colons != llvm::StringRef::npos)
        Base = Base.substr(Colons + 2);
      V.Renamed = (Base + "__varsim_" + identifierFor(V.Condition)).str();
      for (const SwitchPlan::Variant &Other : SP.Variants)
        if (Other.Renamed == V.Renamed)
          V.Renamed += "_" + std::to_string(SP.Variants.size());
      // A variant of an explicit specialization is a plain function
      // without its `template <>`; the switch is the specialization.
      auto Declarator = [&, Fn = Fn](llvm::StringRef Name, bool Variant) {
        unsigned From = Variant && Fn->SpecializationHeadEnd > Fn->DeclBegin
                            ? Fn->SpecializationHeadEnd
                            : Fn->DeclBegin;
        std::string H =
            (Text.slice(From, Fn->NameBegin) + Name +
             Text.slice(Fn->NameBegin + Fn->NameLength, Fn->BodyBegin))
                .str();
        std::replace(H.begin(), H.end(), '\n', ' ');
        return llvm::StringRef(H).rtrim().str();
      };
      // A K&R header declares nothing (`int f(n) int n;`): `int f()` does.
      auto Declaration = [&, Fn = Fn](llvm::StringRef Name,
                                      const std::string &Header) {
        if (!Fn->OldStyle || Fn->ParamsBegin <= Fn->NameBegin ||
            Fn->ParamsEnd > Fn->BodyBegin)
          return Header;
        return oldStyleDeclaration(Text, Fn->DeclBegin, Fn->ParamsBegin,
                                   Fn->NameBegin,
                                   Fn->NameBegin + Fn->NameLength, Name);
      };
      V.Header = Declarator(V.Renamed, true);
      V.Declaration = Declaration(V.Renamed, V.Header);
      SP.Name = Fn->Name;
      SP.Header = Declarator(Base, false);
      SP.Declaration = Declaration(Base, SP.Header);
      SP.OwnerFile = File;
      SP.Variants.push_back(std::move(V));
    }
    Ctx.Switches.push_back(std::move(SP));
  }
  for (const auto &[Key, Sites] : Defs) {
    if (Sites.size() < 2)
      continue;
    // Name the construct and each variant: "'int' when A (f.c:3) and
    // 'long' when !A (f.c:5)".
    std::string Variants;
    size_t N = 0;
    for (const auto &[Site, D] : Sites) {
      const FileStructure &FS = Structures.at(Site.first);
      CondPtr PC = Groups.at(Site.first).presenceAt(FS, D->Offset);
      std::string Cond = conditionText(*PC, Features);
      // No feature branch around it: name the #if that chooses it.
      std::string When = "when " + Cond;
      if (Cond == "1") {
        std::string Test = enclosingTests(FS, D->Offset);
        When = Test.empty()
                   ? "outside any #if"
                   : "under '" + Test +
                         "' (tests the rewrite did not resolve to features)";
      }
      Variants += listSeparator(N, Sites.size()) +
                  ("'" + D->Type + "' " + When + " (" +
                   Project.relativeToRoot(Site.first) + ":" +
                   std::to_string(FS.lineOf(D->Offset)) + ")");
      ++N;
    }
    auto Second = std::next(Sites.begin());
    const DefinitionFact &D = *Second->second;
    const FileStructure &FS = Structures.at(Second->first.first);
    unsigned Line = FS.lineOf(D.Offset);
    const char *What = D.K == DefinitionFact::Variable ? "variable"
                       : D.K == DefinitionFact::Tag    ? "type"
                                                       : "typedef";
    // Same type everywhere: only the initializer differs.
    bool SameType = D.K == DefinitionFact::Variable &&
                    llvm::all_of(Sites, [&](const auto &Site) {
                      return Site.second->Type == Sites.begin()->second->Type;
                    });
    return makeError(Second->first.first, Line,
                     D.Offset - FS.LineStarts[Line - 1] + 1,
                     llvm::Twine("the ") + What + " '" + D.Name + "' is " +
                         (SameType ? "initialized" : "defined") +
                         " differently per feature: " + Variants +
                         "; a name with a different definition per variant "
                         "(construct 8) is not supported: give each "
                         "variant its own name");
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite
