//===- support/CompileDatabase.cpp - Reading compile_commands.json --------===//

#include "support/CompileDatabase.h"

#include "support/Diagnostic.h"
#include "support/JsonError.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

namespace varsim {
namespace {

/// Line and column of each element of the top-level array, in order. The
/// JSON parser keeps no positions; the file is valid JSON by the time this
/// runs, so a scan that knows strings and nesting is enough.
std::vector<std::pair<unsigned, unsigned>>
elementPositions(llvm::StringRef Text) {
  std::vector<std::pair<unsigned, unsigned>> Out;
  unsigned Line = 1, Column = 1, Depth = 0;
  bool InString = false, Escaped = false, Expect = false;
  for (char C : Text) {
    if (InString) {
      if (Escaped)
        Escaped = false;
      else if (C == '\\')
        Escaped = true;
      else if (C == '"')
        InString = false;
    } else {
      bool Blank = C == ' ' || C == '\t' || C == '\n' || C == '\r';
      if (Depth == 1 && Expect && !Blank && C != ']') {
        Out.push_back({Line, Column});
        Expect = false;
      }
      if (C == '"') {
        InString = true;
      } else if (C == '[' || C == '{') {
        Expect = Depth == 0 && C == '[';
        ++Depth;
      } else if (C == ']' || C == '}') {
        Depth = Depth ? Depth - 1 : 0;
      } else if (C == ',' && Depth == 1) {
        Expect = true;
      }
    }
    if (C == '\n') {
      ++Line;
      Column = 1;
    } else if ((static_cast<unsigned char>(C) & 0xC0) != 0x80) {
      ++Column; // Columns count characters, not UTF-8 continuation bytes.
    }
  }
  return Out;
}

/// Splits a "command" string as a POSIX shell splits words: blanks separate
/// words; '...' is literal; "..." keeps blanks and lets \ escape $ ` " \ and
/// newline; a \ outside quotes escapes the next character. Returns false on
/// an unterminated quote.
bool splitCommand(llvm::StringRef Command, std::vector<std::string> &Words) {
  std::string Word;
  bool InWord = false;
  for (size_t I = 0; I < Command.size(); ++I) {
    char C = Command[I];
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      if (InWord)
        Words.push_back(std::move(Word));
      Word.clear();
      InWord = false;
      continue;
    }
    InWord = true;
    if (C == '\\') {
      if (++I < Command.size())
        Word += Command[I];
    } else if (C == '\'') {
      size_t End = Command.find('\'', I + 1);
      if (End == llvm::StringRef::npos)
        return false;
      Word += Command.slice(I + 1, End);
      I = End;
    } else if (C == '"') {
      for (++I;; ++I) {
        if (I >= Command.size())
          return false;
        char D = Command[I];
        if (D == '"')
          break;
        if (D == '\\' && I + 1 < Command.size() &&
            llvm::StringRef("$`\"\\\n").contains(Command[I + 1]))
          D = Command[++I];
        Word += D;
      }
    } else {
      Word += C;
    }
  }
  if (InWord)
    Words.push_back(std::move(Word));
  return true;
}

} // namespace

llvm::Expected<std::vector<RawCompileEntry>>
parseCompileDatabase(llvm::StringRef Path, llvm::StringRef Text) {
  if (Text.trim().empty())
    return makeError(Path, 0, 0,
                     "the compile database is empty (was the build "
                     "configured? CMake writes it with "
                     "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON, Bear with "
                     "'bear -- make')");
  // JSON is UTF-8; a file name in another encoding (raw bytes that some
  // tools write) would be read and written back as U+FFFD.
  size_t Bad = 0;
  if (!llvm::json::isUTF8(Text, &Bad)) {
    llvm::StringRef Before = Text.take_front(Bad);
    unsigned Line = 1 + Before.count('\n');
    unsigned Column = 1 + (Before.size() - (Before.rfind('\n') + 1));
    return makeError(Path, Line, Column,
                     "not valid UTF-8 (byte 0x" +
                         llvm::utohexstr(static_cast<unsigned char>(Text[Bad]),
                                         /*LowerCase=*/false, 2) +
                         "): a file name in another encoding cannot be "
                         "kept through JSON; rename the file to a UTF-8 "
                         "name");
  }
  auto Doc = llvm::json::parse(Text);
  if (!Doc)
    return locatedJsonError(Path, Doc.takeError(),
                            "malformed compile database");
  const llvm::json::Array *Array = Doc->getAsArray();
  if (!Array)
    return makeError(Path, 1, 1,
                     "not a compile database: expected a JSON array of "
                     "entries");
  auto Positions = elementPositions(Text);
  std::vector<RawCompileEntry> Entries;
  for (size_t I = 0; I < Array->size(); ++I) {
    RawCompileEntry E;
    if (I < Positions.size())
      std::tie(E.Line, E.Column) = Positions[I];
    auto Fail = [&](const llvm::Twine &Message) {
      return makeError(Path, E.Line, E.Column,
                       "entry " + llvm::Twine(I + 1) + ": " + Message);
    };
    const llvm::json::Object *O = (*Array)[I].getAsObject();
    if (!O)
      return Fail("expected an object with \"directory\", \"file\" and "
                  "\"arguments\" or \"command\"");
    auto String = [&](llvm::StringRef Key, std::string &Into,
                      bool Required) -> llvm::Error {
      const llvm::json::Value *V = O->get(Key);
      if (!V)
        return Required ? Fail("no \"" + Key + "\"") : llvm::Error::success();
      auto S = V->getAsString();
      if (!S)
        return Fail("\"" + Key + "\" is not a string");
      if (Required && S->empty())
        return Fail("\"" + Key + "\" is empty");
      if (S->contains('\0'))
        return Fail("\"" + Key + "\" holds a NUL character");
      Into = S->str();
      return llvm::Error::success();
    };
    if (llvm::Error Err = String("directory", E.Directory, true))
      return Err;
    if (llvm::Error Err = String("file", E.File, true))
      return Err;
    if (llvm::Error Err = String("output", E.Output, false))
      return Err;
    if (const llvm::json::Value *Args = O->get("arguments")) {
      const llvm::json::Array *A = Args->getAsArray();
      if (!A)
        return Fail("\"arguments\" is not an array of strings");
      for (const llvm::json::Value &W : *A) {
        auto S = W.getAsString();
        if (!S)
          return Fail("\"arguments\" is not an array of strings");
        E.Arguments.push_back(S->str());
      }
    } else if (const llvm::json::Value *Cmd = O->get("command")) {
      auto S = Cmd->getAsString();
      if (!S)
        return Fail("\"command\" is not a string");
      if (!splitCommand(*S, E.Arguments))
        return Fail("\"command\" has an unterminated quote");
    } else {
      return Fail("neither \"arguments\" nor \"command\"");
    }
    if (E.Arguments.empty())
      return Fail("the command line is empty");
    Entries.push_back(std::move(E));
  }
  if (Entries.empty())
    return makeError(Path, 0, 0, "the compile database has no entries");
  return Entries;
}

} // namespace varsim
