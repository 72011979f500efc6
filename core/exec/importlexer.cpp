#include "importlexer.h"

#include <vector>

namespace Sandbench {

namespace {

// A larger module is rare enough to leave to the runtime.
constexpr qsizetype maxSourceChars = 4 * 1024 * 1024;
constexpr qsizetype maxClauseTokens = 4096;

enum class Tok { Ident, Punct, String, Template, TemplatePart, Number, Regex };

struct Token
{
    Tok type;
    QStringView text;        // identifier or punctuator; a literal's contents without its quotes
    bool escaped = false;    // a literal holding a backslash
    bool controlParen = false; // a `)` closing `if (`, `while (`, `for (` or `with (`
    bool opensSubstitution = false; // a template's text up to a `${`
};

bool isLineTerminator(QChar c)
{
    return c == u'\n' || c == u'\r' || c == QChar(0x2028) || c == QChar(0x2029);
}

bool isIdentStart(QChar c)
{
    return c.isLetter() || c == u'$' || c == u'_' || (c.unicode() >= 0x80 && !c.isSpace() && c != QChar(0xFEFF));
}

bool isIdentPart(QChar c)
{
    return isIdentStart(c) || c.isDigit();
}

class Lexer
{
public:
    explicit Lexer(QStringView s) : m_s(s) {}

    // False when the source holds something this lexer cannot be sure of.
    bool run()
    {
        if (m_s.startsWith(u"#!")) {
            while (m_i < m_s.size() && !isLineTerminator(m_s[m_i]))
                ++m_i;
        }
        while (true) {
            if (!skipBlanks())
                return false;
            if (m_i >= m_s.size())
                return m_braces.empty() && m_parens.empty();
            if (!next())
                return false;
        }
    }

    std::vector<Token> tokens;

private:
    QChar at(qsizetype i) const { return i < m_s.size() ? m_s[i] : QChar(); }

    bool skipBlanks()
    {
        while (m_i < m_s.size()) {
            const QChar c = m_s[m_i];
            if (c.isSpace() || c == QChar(0xFEFF)) {
                ++m_i;
            } else if (c == u'/' && at(m_i + 1) == u'/') {
                const qsizetype start = m_i;
                while (m_i < m_s.size() && !isLineTerminator(m_s[m_i]))
                    ++m_i;
                if (!plainComment(m_s.mid(start, m_i - start)))
                    return false;
            } else if (c == u'/' && at(m_i + 1) == u'*') {
                const qsizetype end = m_s.indexOf(u"*/", m_i + 2);
                if (end < 0)
                    return false;
                if (!plainComment(m_s.mid(m_i, end + 2 - m_i)))
                    return false;
                m_i = end + 2;
            } else {
                return true;
            }
        }
        return true;
    }

    // JSDoc type imports (`@type {import("./a.ts").A}`, `@import`) are dependencies too.
    static bool plainComment(QStringView comment)
    {
        return !comment.contains(u"import", Qt::CaseInsensitive);
    }

    bool next()
    {
        const QChar c = m_s[m_i];
        if (isIdentStart(c)) {
            const qsizetype start = m_i;
            while (m_i < m_s.size() && isIdentPart(m_s[m_i]))
                ++m_i;
            if (at(m_i) == u'\\')
                return false; // an escaped identifier: leave it to the runtime's parser
            push({Tok::Ident, m_s.mid(start, m_i - start)});
            return true;
        }
        if (c.isDigit() || (c == u'.' && at(m_i + 1).isDigit()))
            return number();
        if (c == u'\'' || c == u'"')
            return string(c);
        if (c == u'`')
            return templateFrom(m_i + 1);
        if (c == u'/')
            return slash();
        if (c == u'}') {
            if (m_braces.empty())
                return false;
            const bool substitution = m_braces.back();
            m_braces.pop_back();
            if (substitution)
                return templateFrom(m_i + 1);
            ++m_i;
            push({Tok::Punct, u"}"});
            return true;
        }
        return punctuator();
    }

    bool number()
    {
        const qsizetype start = m_i;
        while (m_i < m_s.size()) {
            const QChar c = m_s[m_i];
            if (c.isLetterOrNumber() || c == u'_' || c == u'.') {
                ++m_i;
            } else if ((c == u'+' || c == u'-') && (m_s[m_i - 1] == u'e' || m_s[m_i - 1] == u'E')
                       && !m_s.mid(start, 2).startsWith(u"0x", Qt::CaseInsensitive)) {
                ++m_i;
            } else {
                break;
            }
        }
        push({Tok::Number, m_s.mid(start, m_i - start)});
        return true;
    }

    bool string(QChar quote)
    {
        const qsizetype start = ++m_i;
        bool escaped = false;
        while (m_i < m_s.size()) {
            const QChar c = m_s[m_i];
            if (c == quote) {
                push({Tok::String, m_s.mid(start, m_i - start), escaped});
                ++m_i;
                return true;
            }
            if (c == u'\n' || c == u'\r')
                return false;
            if (c == u'\\') {
                escaped = true;
                ++m_i;
            }
            ++m_i;
        }
        return false;
    }

    // From just after "`" or the "}" that ends a substitution, to the closing "`" or "${".
    bool templateFrom(qsizetype from)
    {
        const bool head = from > 0 && m_s[from - 1] == u'`';
        m_i = from;
        bool escaped = false;
        while (m_i < m_s.size()) {
            const QChar c = m_s[m_i];
            if (c == u'`') {
                push({head ? Tok::Template : Tok::TemplatePart, m_s.mid(from, m_i - from), escaped});
                ++m_i;
                return true;
            }
            if (c == u'$' && at(m_i + 1) == u'{') {
                Token part{Tok::TemplatePart, m_s.mid(from, m_i - from), escaped};
                part.opensSubstitution = true;
                push(part);
                m_braces.push_back(true);
                m_i += 2;
                return true;
            }
            if (c == u'\\') {
                escaped = true;
                ++m_i;
            }
            ++m_i;
        }
        return false;
    }

    static bool isKeyword(QStringView word, std::initializer_list<const char16_t *> words)
    {
        for (const char16_t *w : words) {
            if (word == QStringView(w))
                return true;
        }
        return false;
    }

    bool afterMemberAccess(qsizetype index) const
    {
        return index > 0 && tokens[size_t(index - 1)].type == Tok::Punct
                && (tokens[size_t(index - 1)].text == u"." || tokens[size_t(index - 1)].text == u"?.");
    }

    // Whether a `/` here starts a regular expression; nothing when that depends on more than the
    // token before it (a `}` ending a block or an object, `x! / 2` in TypeScript, `++`).
    std::optional<bool> regexHere() const
    {
        if (tokens.empty())
            return true;
        const qsizetype last = qsizetype(tokens.size()) - 1;
        const Token &prev = tokens.back();
        switch (prev.type) {
        case Tok::Number:
        case Tok::String:
        case Tok::Regex:
        case Tok::Template:
            return false;
        case Tok::TemplatePart: // `${ /re/ }`, or `${a}` / 2 after the tail
            return prev.opensSubstitution;
        case Tok::Ident:
            if (afterMemberAccess(last))
                return false;
            if (prev.text == u"of" || prev.text == u"let" || prev.text == u"async")
                return std::nullopt;
            return isKeyword(prev.text, {u"return", u"typeof", u"instanceof", u"in", u"new", u"delete", u"void", u"throw",
                                         u"case", u"do", u"else", u"yield", u"await"});
        case Tok::Punct:
            if (prev.text == u")")
                return prev.controlParen;
            if (prev.text == u"]")
                return false;
            if (prev.text == u"}" || prev.text == u"++" || prev.text == u"--")
                return std::nullopt;
            if (prev.text == u"!" && last > 0) {
                const Token &before = tokens[size_t(last - 1)];
                if (before.type != Tok::Punct || before.text == u")" || before.text == u"]" || before.text == u"}")
                    return std::nullopt; // a TypeScript non-null assertion, or a negation
            }
            return true;
        }
        return std::nullopt;
    }

    bool slash()
    {
        const std::optional<bool> regex = regexHere();
        if (!regex)
            return false;
        if (!*regex) {
            m_i += at(m_i + 1) == u'=' ? 2 : 1;
            push({Tok::Punct, u"/"});
            return true;
        }
        const qsizetype start = ++m_i;
        bool inClass = false;
        while (m_i < m_s.size()) {
            const QChar c = m_s[m_i];
            if (isLineTerminator(c))
                return false;
            if (c == u'\\') {
                if (isLineTerminator(at(m_i + 1)))
                    return false;
                m_i += 2;
                continue;
            }
            if (c == u'[') {
                inClass = true;
            } else if (c == u']') {
                inClass = false;
            } else if (c == u'/' && !inClass) {
                push({Tok::Regex, m_s.mid(start, m_i - start)});
                ++m_i;
                while (m_i < m_s.size() && isIdentPart(m_s[m_i]))
                    ++m_i;
                return true;
            }
            ++m_i;
        }
        return false;
    }

    bool punctuator()
    {
        static const char16_t *const multi[] = {u">>>=", u"...", u"===", u"!==", u"**=", u"<<=", u">>=", u">>>",
                                                u"&&=", u"||=", u"?\?=", u"=>", u"==", u"!=", u"<=", u">=", u"&&",
                                                u"||", u"?\?", u"?.", u"++", u"--", u"+=", u"-=", u"*=", u"%=",
                                                u"&=", u"|=", u"^=", u"**", u"<<", u">>"};
        const QStringView rest = m_s.mid(m_i);
        for (const char16_t *p : multi) {
            const QStringView op(p);
            if (rest.startsWith(op) && !(op == u"?." && at(m_i + 2).isDigit())) {
                m_i += op.size();
                push({Tok::Punct, op});
                return true;
            }
        }
        const QChar c = m_s[m_i];
        static const QStringView singles = u"{}()[];,<>+-*%&|^!~?:=@#.";
        const qsizetype at = singles.indexOf(c);
        if (at < 0)
            return false;
        const QStringView op = singles.mid(at, 1);
        ++m_i;
        if (c == u'{') {
            m_braces.push_back(false);
        } else if (c == u'(') {
            const bool control = !tokens.empty() && tokens.back().type == Tok::Ident
                    && !afterMemberAccess(qsizetype(tokens.size()) - 1)
                    && isKeyword(tokens.back().text, {u"if", u"while", u"for", u"with"});
            m_parens.push_back(control);
        } else if (c == u')') {
            if (m_parens.empty())
                return false;
            Token close{Tok::Punct, op};
            close.controlParen = m_parens.back();
            m_parens.pop_back();
            tokens.push_back(close);
            return true;
        }
        push({Tok::Punct, op});
        return true;
    }

    void push(Token token) { tokens.push_back(token); }

    QStringView m_s;
    qsizetype m_i = 0;
    std::vector<bool> m_braces; // true: a template substitution's `${`
    std::vector<bool> m_parens; // true: the parenthesis of a control statement
};

bool isPunct(const std::vector<Token> &t, size_t i, QStringView text)
{
    return i < t.size() && t[i].type == Tok::Punct && t[i].text == text;
}

bool isIdent(const std::vector<Token> &t, size_t i, QStringView text)
{
    return i < t.size() && t[i].type == Tok::Ident && t[i].text == text;
}

// A literal the runtime reads as it is: a string, or (for `import()`) a template without
// substitutions; an escape is left to the runtime's parser.
bool isSpecifier(const std::vector<Token> &t, size_t i, bool templateToo = false)
{
    return i < t.size() && (t[i].type == Tok::String || (templateToo && t[i].type == Tok::Template)) && !t[i].escaped;
}

// `with { type: "json" }` (or `assert`) after a specifier at `i - 1`: the kind, or nothing for
// attributes the runtime may read differently.
std::optional<ModuleImport::Kind> attributes(const std::vector<Token> &t, size_t i)
{
    if (!(isIdent(t, i, u"with") || isIdent(t, i, u"assert")) || !isPunct(t, i + 1, u"{"))
        return ModuleImport::Kind::Code;
    std::optional<ModuleImport::Kind> kind;
    size_t j = i + 2;
    while (!isPunct(t, j, u"}")) {
        const bool key = j < t.size() && ((t[j].type == Tok::Ident && t[j].text == u"type")
                                          || (t[j].type == Tok::String && !t[j].escaped && t[j].text == u"type"));
        if (!key || !isPunct(t, j + 1, u":") || j + 2 >= t.size() || t[j + 2].type != Tok::String || t[j + 2].escaped || kind)
            return std::nullopt;
        const QStringView value = t[j + 2].text;
        if (value == u"json" || value == u"text" || value == u"bytes")
            kind = ModuleImport::Kind::Data;
        else
            return std::nullopt;
        j += 3;
        if (isPunct(t, j, u","))
            ++j;
    }
    return kind.value_or(ModuleImport::Kind::Code);
}

// Whether the argument of the `import(` at `open` holds no literal text at all (no string,
// template or regular expression, no options after a comma): then no static analysis can make a
// specifier of it. The runtime's own graph follows a string, a template and a `+` chain holding
// one (it lists every file such a pattern could name), never an expression without literal
// text; the module such an import loads is read after the code starts, through the broker.
bool literalFreeArgument(const std::vector<Token> &t, size_t open)
{
    int depth = 0;
    for (size_t j = open + 1; j < t.size(); ++j) {
        const Token &tok = t[j];
        if (tok.type != Tok::Ident && tok.type != Tok::Punct && tok.type != Tok::Number)
            return false;
        if (tok.type != Tok::Punct)
            continue;
        if (tok.text == u"(" || tok.text == u"[" || tok.text == u"{") {
            ++depth;
        } else if (tok.text == u")" || tok.text == u"]" || tok.text == u"}") {
            if (depth == 0)
                return tok.text == u")" && j > open + 1;
            --depth;
        } else if (depth == 0 && tok.text == u",") {
            return false;
        }
    }
    return false;
}

} // namespace

std::optional<QList<ModuleImport>> scanModuleImports(QStringView source)
{
    if (source.size() > maxSourceChars)
        return std::nullopt;
    // CommonJS, triple-slash references, type and JSX pragmas: dependencies outside the syntax
    // of imports (a word in a string that only looks like one costs a runtime start, no more).
    for (const char16_t *word : {u"require", u"reference", u"@ts-", u"@deno-", u"jsx"}) {
        if (source.contains(QStringView(word), Qt::CaseInsensitive))
            return std::nullopt;
    }
    Lexer lexer(source);
    if (!lexer.run())
        return std::nullopt;
    const std::vector<Token> &t = lexer.tokens;
    QList<ModuleImport> imports;
    auto record = [&](size_t specifier) {
        const auto kind = attributes(t, specifier + 1);
        if (!kind)
            return false;
        imports.append({t[specifier].text.toString(), *kind});
        return true;
    };
    // From `from` on, the clause of an import or re-export ends in `from "specifier"`.
    auto clause = [&](size_t j) {
        for (const size_t end = j + maxClauseTokens; j < t.size() && j < end; ++j) {
            if (isIdent(t, j, u"from") && isSpecifier(t, j + 1))
                return record(j + 1);
            const Token &tok = t[j];
            const bool allowed = tok.type == Tok::Ident || (tok.type == Tok::String && !tok.escaped)
                    || isPunct(t, j, u"*") || isPunct(t, j, u"{") || isPunct(t, j, u"}") || isPunct(t, j, u",");
            if (!allowed)
                return false;
        }
        return false;
    };
    for (size_t i = 0; i < t.size(); ++i) {
        if (t[i].type != Tok::Ident || (t[i].text != u"import" && t[i].text != u"export"))
            continue;
        if (i > 0 && (isPunct(t, i - 1, u".") || isPunct(t, i - 1, u"?.") || isPunct(t, i - 1, u"#")))
            continue; // a property or private name
        if (isPunct(t, i + 1, u":"))
            continue; // an object's key
        if (t[i].text == u"import") {
            if (isPunct(t, i + 1, u".")) {
                if (!isIdent(t, i + 2, u"meta"))
                    return std::nullopt;
            } else if (isPunct(t, i + 1, u"(")) {
                if (isSpecifier(t, i + 2, true) && isPunct(t, i + 3, u")"))
                    imports.append({t[i + 2].text.toString(), ModuleImport::Kind::Code});
                else if (!literalFreeArgument(t, i + 1))
                    return std::nullopt; // a pattern the runtime's graph may expand, or options
            } else if (isSpecifier(t, i + 1)) {
                if (!record(i + 1))
                    return std::nullopt;
            } else if (!clause(i + 1)) {
                return std::nullopt;
            }
            continue;
        }
        size_t j = i + 1;
        if (isIdent(t, j, u"type") && (isPunct(t, j + 1, u"{") || isPunct(t, j + 1, u"*")))
            ++j;
        if (isPunct(t, j, u"*")) {
            if (!clause(j))
                return std::nullopt;
        } else if (isPunct(t, j, u"{")) {
            size_t close = j + 1;
            while (close < t.size() && !isPunct(t, close, u"}")) {
                const Token &tok = t[close];
                if (!(tok.type == Tok::Ident || (tok.type == Tok::String && !tok.escaped) || isPunct(t, close, u",")))
                    return std::nullopt;
                ++close;
            }
            if (close >= t.size())
                return std::nullopt;
            if (isIdent(t, close + 1, u"from")) {
                if (!isSpecifier(t, close + 2) || !record(close + 2))
                    return std::nullopt;
            }
        } else if (!(isPunct(t, j, u"=") || isPunct(t, j, u"@")
                     || (j < t.size() && t[j].type == Tok::Ident
                         && QStringList{QStringLiteral("default"), QStringLiteral("const"), QStringLiteral("let"),
                                        QStringLiteral("var"), QStringLiteral("function"), QStringLiteral("class"),
                                        QStringLiteral("async"), QStringLiteral("enum"), QStringLiteral("interface"),
                                        QStringLiteral("abstract"), QStringLiteral("declare"), QStringLiteral("namespace"),
                                        QStringLiteral("module"), QStringLiteral("type")}
                                    .contains(t[j].text.toString())))) {
            return std::nullopt;
        }
    }
    return imports;
}

} // namespace Sandbench
