#pragma once

#include <QPlainTextEdit>

namespace KSyntaxHighlighting {
class Repository;
class SyntaxHighlighter;
}

namespace Sandbench {

// A plain-text editor with line numbers and KSyntaxHighlighting. The colour theme follows the
// application palette (the repository's default light or dark theme), so switching the
// workbench theme re-colours the code as well.
class CodeEditor : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit CodeEditor(QWidget *parent = nullptr);
    ~CodeEditor() override;

    // A definition name ("JavaScript", "TypeScript", "JSON") or a file name to guess from.
    void setSyntax(const QString &definitionName);
    void setSyntaxForFile(const QString &fileName);
    QString syntaxName() const;

    // Marks a spot (1-based line and column) with a wavy underline to the line's end.
    void setErrorMarker(int line, int column, const QString &message);
    void clearErrorMarker();
    bool hasErrorMarker() const { return m_errorLine > 0; }
    int errorLine() const { return m_errorLine; }

    int lineNumberAreaWidth() const;
    void paintLineNumbers(QPaintEvent *event);

    static KSyntaxHighlighting::Repository &repository();

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void updateLineNumberAreaWidth();
    void updateLineNumberArea(const QRect &rect, int dy);
    void applyThemeFromPalette();
    void updateExtraSelections();

    QWidget *m_lineNumberArea;
    KSyntaxHighlighting::SyntaxHighlighter *m_highlighter;
    int m_errorLine = 0;
    int m_errorColumn = 0;
    QString m_errorMessage;
};

} // namespace Sandbench
