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
// (regular expression or division), a dynamic import whose argument is a pattern (literal text
// and an expression), an escape outside a literal, CommonJS, a comment that may hold a type
// import, a pragma or triple-slash directive, an import with options it does not know. The
// caller then asks the runtime (fail closed).
// A dynamic import whose argument holds no literal text (`import(p)`, `import(a[k] + b)`) is not
// a start-up import: neither this lexer nor the runtime's graph can name its module, which the
// runtime reads only when the code runs, through the broker (audited, refused outside the
// grants); such an import is skipped rather than given up on. One with any literal text in it
// (`import("./m/" + x)`, a template with a substitution) is given up on: the runtime's graph
// lists every file such a pattern could name.
std::optional<QList<ModuleImport>> scanModuleImports(QStringView source);

} // namespace Sandbench
