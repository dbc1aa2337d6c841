//===- rewrite/safety/RecordLayouts.cpp - Layout facts of records ---------===//

#include "rewrite/safety/RecordLayouts.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Lex/Lexer.h"

#include <cctype>

namespace varsim::rewrite::safety {

using namespace clang;

const std::string *memberCondition(ProjectFiles &Files,
                                   const FeatureRanges &Ranges,
                                   const ProjectFiles::Place &Member,
                                   const Decl *Record) {
  if (!Member.File)
    return nullptr;
  ProjectFiles::Place R = Files.place(Record->getBeginLoc());
  if (R.File == Member.File && R.Offset <= Member.Offset)
    return Ranges.conditionInside(*Member.File, Member.Offset, R.Offset);
  return Ranges.conditionAt(*Member.File, Member.Offset);
}

std::string RecordLayouts::typeName(QualType T) const {
  return T.getAsString(Ctx.getPrintingPolicy());
}

std::string RecordLayouts::layoutKey(QualType T) {
  T = T.getCanonicalType();
  while (true) {
    if (const auto *R = T->getAs<ReferenceType>())
      T = R->getPointeeType().getCanonicalType();
    else if (const ArrayType *A = Ctx.getAsArrayType(T))
      T = A->getElementType().getCanonicalType();
    else if (const auto *At = T->getAs<AtomicType>())
      T = At->getValueType().getCanonicalType();
    else
      break;
  }
  if (T->isDependentType())
    return "";
  const auto *RT = T->getAs<RecordType>();
  if (!RT || !RT->getDecl()->getDefinition())
    return "";
  return describe(RT->getDecl()->getDefinition());
}

std::string RecordLayouts::keyOf(const RecordDecl *RD) {
  std::string Key = Files.key(Files.place(RD->getLocation()));
  if (const auto *C = dyn_cast<CXXRecordDecl>(RD))
    if (C->getTemplateInstantiationPattern())
      Key += "<" + typeName(Ctx.getRecordType(RD)) + ">";
  return Key;
}

std::string RecordLayouts::describe(const RecordDecl *RD) {
  if (const RecordDecl *Def = RD->getDefinition())
    RD = Def;
  if (auto It = Described.find(RD); It != Described.end())
    return It->second;
  std::string Key = keyOf(RD);
  Described[RD] = Key;
  RecordLayout L;
  L.Name = typeName(Ctx.getRecordType(RD));
  ProjectFiles::Place Begin = Files.place(RD->getBeginLoc());
  if (Begin.File)
    L.File = *Begin.File;
  auto Part = [&](QualType T, std::string Via, const ProjectFiles::Place &At) {
    if (T->isDependentType() || T->isReferenceType())
      return;
    if (std::string K = layoutKey(T); !K.empty())
      L.Parts.push_back(
          {K, std::move(Via), At.File ? *At.File : "", At.Offset});
  };
  if (const auto *C = dyn_cast<CXXRecordDecl>(RD)) {
    if (const CXXRecordDecl *Pattern = C->getTemplateInstantiationPattern();
        Pattern && Pattern != C)
      L.Parts.push_back(
          {describe(Pattern), "its template", L.File, Begin.Offset});
    for (const CXXBaseSpecifier &B : C->bases())
      Part(B.getType(), "base '" + typeName(B.getType()) + "'", Begin);
    for (const CXXBaseSpecifier &B : C->vbases())
      Part(B.getType(), "base '" + typeName(B.getType()) + "'", Begin);
    conditionalVirtuals(C, L);
  }
  for (const FieldDecl *F : RD->fields()) {
    ProjectFiles::Place FP = Files.place(F->getLocation());
    if (const std::string *Cond = memberCondition(Files, Ranges, FP, RD))
      L.Conditional.push_back({"'" + F->getNameAsString() + "'", *FP.File,
                               FP.Offset, *Cond, false, declarationOf(F)});
    Part(F->getType(), "member '" + F->getNameAsString() + "'", FP);
  }
  Out.Records[Key] = std::move(L);
  return Key;
}

/// A field's canonical type and source text, spaces collapsed ("" when
/// it comes from a macro).
std::string RecordLayouts::declarationOf(const FieldDecl *F) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange R = F->getSourceRange();
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return "";
  llvm::StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(R),
                                              SM, Ctx.getLangOpts());
  std::string Out = F->getType().getCanonicalType().getAsString() + "|";
  bool Space = false;
  for (char C : Text) {
    if (std::isspace(static_cast<unsigned char>(C))) {
      Space = true;
      continue;
    }
    if (Space && Out.back() != '|')
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

/// A class whose only virtual functions are under a feature has a vtable
/// pointer in the simulator and none in the variants without them.
void RecordLayouts::conditionalVirtuals(const CXXRecordDecl *C,
                                        RecordLayout &L) {
  if (!C->isDynamicClass() || C->isDependentContext())
    return;
  for (const CXXBaseSpecifier &B : C->bases())
    if (const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl())
      if (BD->hasDefinition() && BD->getDefinition()->isDynamicClass())
        return;
  if (C->getNumVBases())
    return;
  std::vector<ConditionalMember> Virtuals;
  for (const CXXMethodDecl *M : C->methods()) {
    if (!M->isVirtual() || M->isImplicit())
      continue;
    ProjectFiles::Place MP = Files.place(M->getLocation());
    const std::string *Cond = memberCondition(Files, Ranges, MP, C);
    if (!Cond)
      return; // Polymorphic in every variant.
    Virtuals.push_back(
        {"virtual function '" + M->getNameAsString() + "' (a vtable pointer)",
         *MP.File, MP.Offset, *Cond, true});
  }
  L.Conditional.insert(L.Conditional.end(), Virtuals.begin(), Virtuals.end());
}

} // namespace varsim::rewrite::safety
