//===- rewrite/templates/PointerWrappers.h - Iterator class or pointer -*- C++
//-*-===//
//
// A library that offers a checked iterator class and, under an option, a
// plain pointer instead (RapidJSON's RAPIDJSON_NOMEMBERITERATORCLASS, Qt's
// QT_STRICT_ITERATORS the other way round):
//
//   #ifndef NO_ITER_CLASS
//   template <bool Const, class T> class MemberIter {      // the wrapper
//     ...  typedef MemberIter Iterator;  Pointer ptr_;  operators on ptr_
//   };
//   #else
//   template <bool Const, class T> struct MemberIter;      // the fallback
//   template <class T> struct MemberIter<false, T> { typedef T *Iterator; };
//   template <class T> struct MemberIter<true, T> { typedef const T *Iterator;
//   }; #endif
//
// `MemberIter<...>::Iterator` is another type per configuration, and so is
// every class built on it: one simulator cannot hold both types. It need
// not: where every member of the wrapper is the built-in pointer operator
// on its one pointer member, and the program uses the wrapper only through
// those members and through functions that the pointer's configuration
// calls too, the program computes the same with the class as with the
// pointer. The lowering keeps the wrapper in every configuration (the
// group's directives and the fallback are blanked, line numbers kept).
//
// What is checked, on parses of both branches (PointerWrapperFacts.h):
// the shapes above; each member's body against the built-in operator
// (PointerWrapperTable.cpp), each instantiation's types (one pointer
// member, the type the fallback names for the same arguments, lvalue
// references where the operator gives an lvalue, no virtual function,
// empty bases); each use of a wrapper type outside its members: no other
// template instantiated for it (a trait, a container, a deduced function),
// no `sizeof`/`typeid`, no `...` argument, and every call or construction
// that receives a wrapper calls the same function in the pointer's
// configuration (a free operator there against the built-in one is a
// difference). Anything else is a located error.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_POINTERWRAPPERS_H
#define VARSIM_REWRITE_TEMPLATES_POINTERWRAPPERS_H

#include "rewrite/templates/TemplateLowering.h"

namespace varsim::rewrite::templates {

/// Lowers every pointer-wrapper group (see the file comment); a group of
/// that shape that fails a check is a located error. Other groups are left
/// to the template lowering. Sites get idiom "pointer wrapper".
llvm::Expected<LoweringResult> lowerPointerWrappers(const LoweringInput &In);

} // namespace varsim::rewrite::templates

#endif // VARSIM_REWRITE_TEMPLATES_POINTERWRAPPERS_H
