#pragma once

#include <QList>
#include <QString>
#include <QStringView>

#include <optional>

namespace Sandbench {

// One module a source names for the runtime's loader to read at start-up: a static import, a
// re-export, a literal dynamic import or a type import (`deno info` reports those as well).
struct ModuleImport
{
    enum class Kind {
        Code, // parsed as JavaScript/TypeScript, its own imports follow
        Data, // `with { type: "json" | "text" | "bytes" }`: read, never parsed for imports
    };
    QString specifier;
    Kind kind = Kind::Code;
};

// The imports of one JavaScript/TypeScript module, found by a lexer (strings, comments, template
// literals and regular expressions are told apart from code, so neither hides nor fakes an
// import), or nothing when the lexer cannot be sure it found every one: a `/` it cannot tell
// (regular expression or division), a computed or templated dynamic import, an escape outside a
// literal, CommonJS, a comment that may hold a type import, a pragma or triple-slash directive,
// an import with options it does not know. The caller then asks the runtime (fail closed).
std::optional<QList<ModuleImport>> scanModuleImports(QStringView source);

} // namespace Sandbench
