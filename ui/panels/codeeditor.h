#pragma once

#include <QColor>
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

    // Notes beside lines (lint findings, usage marks): a dot in the gutter, a dotted underline
    // from the column to the line's end, and the message on hover over either.
    struct LineMark
    {
        int line = 0;   // 1-based
        int column = 1; // 1-based
        QColor color;
        QString message;
    };
    void setLineMarks(const QList<LineMark> &marks);
    QList<LineMark> lineMarks() const { return m_marks; }
    // The messages of the marks and the error on a 1-based line, for the hover text.
    QStringList messagesAt(int line) const;

    int lineNumberAreaWidth() const;
    void paintLineNumbers(QPaintEvent *event);

    static KSyntaxHighlighting::Repository &repository();

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

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
    QList<LineMark> m_marks;
};

} // namespace Sandbench
