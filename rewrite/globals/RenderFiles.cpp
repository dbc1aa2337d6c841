//===- rewrite/globals/RenderFiles.cpp - The emitted texts ----------------===//
//
// Reads the Discovered record and the planned ItemTable; adds every item's
// edits, appended copies and dispatchers to Additions, then turns them into
// the result: the changed files' texts (appended text under a guard in a
// header) and the site list.
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LoweringState.h"

#include "rewrite/globals/SettledDefaults.h"

namespace varsim::rewrite::globals::lowering {

llvm::Error render(const Discovered &Dx, const ItemTable &Tab, Additions &Add,
                   GlobalsResult &Result) {
  std::vector<const Item *> Order;
  for (const auto &[_, I] : Tab.Items)
    if (I.variant() && !I.Copies.empty())
      Order.push_back(&I);
  std::sort(Order.begin(), Order.end(), [](const Item *A, const Item *B) {
    unsigned OA = A->IsFunction ? A->Fn->DeclBegin : A->Defs.front()->Begin;
    unsigned OB = B->IsFunction ? B->Fn->DeclBegin : B->Defs.front()->Begin;
    return std::tie(A->File, OA) < std::tie(B->File, OB);
  });
  for (const Item *IP : Order) {
    const Item &I = *IP;
    std::map<std::string, std::string> NoDefines;
    if (I.IsFunction) {
      const FunctionDef &F = *I.Fn;
      // The in-place copy must not need a rename through a macro (no
      // line for the #define): then every copy is appended, and only a
      // declaration stays in place.
      // A renamed copy in place could not name itself as the original
      // (__func__): only a copy that keeps the name stays in place.
      bool Moved = !I.Copies[I.Base].InPlace ||
                   (I.Copies.size() > 1 && I.Copies[I.Base].Name != I.Name);
      if (!Moved) {
        std::set<Edit> InPlaceEdits;
        std::map<std::string, std::string> InPlaceDefines;
        if (llvm::Error E =
                copyEdits(Dx, Tab, I, I.Copies[I.Base], F.File, F.DeclBegin,
                          F.BodyEnd + 1, true, InPlaceEdits, InPlaceDefines))
          return E;
        if (InPlaceDefines.empty())
          Add.Edits[F.File].insert(InPlaceEdits.begin(), InPlaceEdits.end());
        else
          Moved = true;
      }
      for (size_t K = 0; K < I.Copies.size(); ++K) {
        const Copy &C = I.Copies[K];
        if (C.InPlace && !Moved)
          continue;
        auto A = appended(Dx, Tab, Add, I, C, F.File, F.DeclBegin,
                          F.BodyEnd + 1, F.Namespaces);
        if (!A)
          return A.takeError();
        Add.Appended[F.File] += *A;
      }
      if (Moved) {
        // A declaration of the dispatcher stays (not of a function whose
        // signature differs per copy: each copy is its own function).
        const std::string &T = Dx.text(F.File);
        std::string Head = I.SignatureVaries
                               ? std::string()
                               : declarationHeadOf(Dx, F, F.HasPrevious);
        std::string Rest = keepSettledOnly(
            T, F.DeclBegin, F.BodyEnd + 1,
            settledDefaults(Dx.structure(F.File), Dx.Groups.at(F.File),
                            F.DeclBegin, F.BodyEnd + 1));
        // A head kept on its lines (#if lines in it) takes the place of
        // the header's newlines, so the lines below stay where they were.
        for (size_t N = llvm::count(Head, '\n'); N > 0; --N)
          Rest.erase(Rest.find('\n'), 1);
        Add.Edits[F.File].insert({F.DeclBegin, F.BodyEnd + 1 - F.DeclBegin,
                                  (Head.empty() ? "" : Head + ";") + Rest});
      }
      if (I.Copies.size() > 1 && !I.SignatureVaries)
        Add.Dispatchers[F.File] += dispatcher(Dx, I);
      if (I.SignatureVaries)
        if (llvm::Error E = renderPrototypes(Dx, Tab, Add, I))
          return E;
    } else if (I.EnumValues) {
      if (llvm::Error E = renderEnumValues(Dx, Tab, Add, I))
        return E;
    } else {
      for (const Copy &C : I.Copies) {
        if (C.Def < 0)
          continue;
        const EntityDef &D = *I.Defs[C.Def];
        if (C.InPlace) {
          if (llvm::Error E = copyEdits(Dx, Tab, I, C, D.File, D.Begin, D.End,
                                        true, Add.Edits[D.File], NoDefines))
            return E;
          continue;
        }
        auto A =
            appended(Dx, Tab, Add, I, C, D.File, D.Begin, D.End, D.Namespaces);
        if (!A)
          return A.takeError();
        Add.Appended[D.File] += *A;
      }
      if (I.Defs.size() == 1 && I.Copies.size() > 1) {
        const EntityDef &D = *I.Defs.front();
        Add.Edits[D.File].insert(
            {D.Begin, D.End - D.Begin,
             keepSettledOnly(Dx.text(D.File), D.Begin, D.End,
                             settledDefaults(Dx.structure(D.File),
                                             Dx.Groups.at(D.File), D.Begin,
                                             D.End))});
      }
      // Definitions no copy uses (dead branches) must not clash.
      for (size_t DI = 0; DI < I.Defs.size(); ++DI) {
        const EntityDef &D = *I.Defs[DI];
        bool Used =
            std::any_of(I.Copies.begin(), I.Copies.end(), [&](const Copy &C) {
              return C.Def == static_cast<int>(DI);
            });
        if (!Used && !D.Name.empty())
          Add.Edits[D.File].insert(
              {D.NameOffset, static_cast<unsigned>(D.Name.size()),
               I.Name + "__varsim_unused" + std::to_string(DI)});
      }
    }
    Result.Sites.push_back({I.File, I.Line,
                            I.IsFunction ? "function copies" : I.Kind,
                            featuresOf(Dx, I)});
  }

  for (const std::string &Key : Tab.Filled) {
    const Item &I = Tab.Items.at(Key);
    auto Features = renderFilledTable(Dx, Tab, Add, I);
    if (!Features)
      return Features.takeError();
    Result.Sites.push_back(
        {I.File, I.Line, "table filled at start-up", *Features});
  }
  renderRedecls(Dx, Tab, Add);
  splitSharedHeads(Dx, Tab, Add);
  Result.Sites.insert(Result.Sites.end(), Add.UnionSites.begin(),
                      Add.UnionSites.end());
  std::set<std::string> Files;
  for (const auto &M : {&Add.Appended, &Add.Dispatchers})
    for (const auto &[F, _] : *M)
      Files.insert(F);
  for (const auto &[F, E] : Add.Edits)
    if (!E.empty())
      Files.insert(F);
  for (const std::string &File : Files) {
    auto Text = applyEdits(File, Dx.text(File), 0, Add.Edits[File]);
    if (!Text)
      return Text.takeError();
    std::string Tail = Add.Appended[File] + Add.Dispatchers[File];
    if (!Tail.empty()) {
      if (!Text->empty() && Text->back() != '\n')
        *Text += '\n';
      bool Header = std::none_of(
          Dx.In.Project.Entries.begin(), Dx.In.Project.Entries.end(),
          [&](const CompileEntry &C) { return C.File == File; });
      std::string Guard =
          "VARSIM_GLOB_" + sanitize(Dx.In.Project.relativeToRoot(File));
      if (Header)
        *Text += "#ifndef " + Guard + "\n#define " + Guard + "\n";
      *Text += "// varsim: file-scope variability lowered "
               "(docs/globals.md)\n" +
               Tail;
      if (Header)
        *Text += "#endif\n";
    }
    Result.Files[File] = std::move(*Text);
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite::globals::lowering
