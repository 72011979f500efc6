#include "codeeditor.h"

#include "theme.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QFontDatabase>
#include <QHelpEvent>
#include <QToolTip>
#include <QPainter>
#include <QTextBlock>

namespace Sandbench {

namespace {

class LineNumberArea : public QWidget
{
public:
    explicit LineNumberArea(CodeEditor *editor)
        : QWidget(editor)
        , m_editor(editor)
    {
    }
    QSize sizeHint() const override { return {m_editor->lineNumberAreaWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent *event) override { m_editor->paintLineNumbers(event); }

private:
    CodeEditor *m_editor;
};

} // namespace

KSyntaxHighlighting::Repository &CodeEditor::repository()
{
    // Loading the 364 definitions takes a moment; one repository serves every editor.
    static KSyntaxHighlighting::Repository repo;
    return repo;
}

CodeEditor::CodeEditor(QWidget *parent)
    : QPlainTextEdit(parent)
    , m_lineNumberArea(new LineNumberArea(this))
    , m_highlighter(new KSyntaxHighlighting::SyntaxHighlighter(document()))
{
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabStopDistance(fontMetrics().horizontalAdvance(QLatin1Char(' ')) * 4);
    connect(this, &QPlainTextEdit::blockCountChanged, this,
            [this] { updateLineNumberAreaWidth(); });
    connect(this, &QPlainTextEdit::updateRequest, this, &CodeEditor::updateLineNumberArea);
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, &CodeEditor::updateExtraSelections);
    m_lineNumberArea->installEventFilter(this);
    updateLineNumberAreaWidth();
    applyThemeFromPalette();
}

CodeEditor::~CodeEditor() = default;

void CodeEditor::setSyntax(const QString &definitionName)
{
    m_highlighter->setDefinition(repository().definitionForName(definitionName));
}

void CodeEditor::setSyntaxForFile(const QString &fileName)
{
    m_highlighter->setDefinition(repository().definitionForFileName(fileName));
}

QString CodeEditor::syntaxName() const
{
    return m_highlighter->definition().name();
}

void CodeEditor::applyThemeFromPalette()
{
    const auto theme = repository().defaultTheme(isDarkPalette(palette())
                                                     ? KSyntaxHighlighting::Repository::DarkTheme
                                                     : KSyntaxHighlighting::Repository::LightTheme);
    if (m_highlighter->theme().name() == theme.name())
        return;
    m_highlighter->setTheme(theme);
    m_highlighter->rehighlight();
}

void CodeEditor::changeEvent(QEvent *event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyThemeFromPalette();
        m_lineNumberArea->update();
    }
}

int CodeEditor::lineNumberAreaWidth() const
{
    int digits = 1;
    for (int max = qMax(1, blockCount()); max >= 10; max /= 10)
        ++digits;
    return 20 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * qMax(3, digits);
}

void CodeEditor::updateLineNumberAreaWidth()
{
    setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
}

void CodeEditor::updateLineNumberArea(const QRect &rect, int dy)
{
    if (dy)
        m_lineNumberArea->scroll(0, dy);
    else
        m_lineNumberArea->update(0, rect.y(), m_lineNumberArea->width(), rect.height());
    if (rect.contains(viewport()->rect()))
        updateLineNumberAreaWidth();
}

void CodeEditor::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect cr = contentsRect();
    m_lineNumberArea->setGeometry(QRect(cr.left(), cr.top(), lineNumberAreaWidth(), cr.height()));
}

void CodeEditor::paintLineNumbers(QPaintEvent *event)
{
    QPainter painter(m_lineNumberArea);
    const QPalette pal = palette();
    painter.fillRect(event->rect(), pal.color(QPalette::Window));
    QTextBlock block = firstVisibleBlock();
    int number = block.blockNumber();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + qRound(blockBoundingRect(block).height());
    const int current = textCursor().blockNumber();
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            QColor color = pal.color(QPalette::PlaceholderText);
            if (number + 1 == m_errorLine)
                color = QColor(0xe5, 0x48, 0x4d);
            else if (number == current)
                color = pal.color(QPalette::Text);
            painter.setPen(color);
            painter.drawText(0, top, m_lineNumberArea->width() - 6, fontMetrics().height(),
                             Qt::AlignRight, QString::number(number + 1));
            for (const LineMark &mark : std::as_const(m_marks)) {
                if (mark.line != number + 1)
                    continue;
                const int size = qMax(6, fontMetrics().height() / 2);
                painter.setRenderHint(QPainter::Antialiasing);
                painter.setPen(Qt::NoPen);
                painter.setBrush(mark.color);
                painter.drawEllipse(2, top + (fontMetrics().height() - size) / 2, size, size);
                break;
            }
        }
        block = block.next();
        top = bottom;
        bottom = top + qRound(blockBoundingRect(block).height());
        ++number;
    }
}

void CodeEditor::setErrorMarker(int line, int column, const QString &message)
{
    m_errorLine = line;
    m_errorColumn = column;
    m_errorMessage = message;
    updateExtraSelections();
    m_lineNumberArea->update();
}

void CodeEditor::clearErrorMarker()
{
    if (m_errorLine == 0)
        return;
    m_errorLine = 0;
    m_errorColumn = 0;
    m_errorMessage.clear();
    updateExtraSelections();
    m_lineNumberArea->update();
}

void CodeEditor::setLineMarks(const QList<LineMark> &marks)
{
    m_marks = marks;
    updateExtraSelections();
    m_lineNumberArea->update();
}

QStringList CodeEditor::messagesAt(int line) const
{
    QStringList out;
    if (line == m_errorLine)
        out << m_errorMessage;
    for (const LineMark &mark : m_marks) {
        if (mark.line == line)
            out << mark.message;
    }
    return out;
}

// Qt shows a tool tip of a character format only for the document's own formats, not for
// extra selections, so the hover text of the marks is looked up here.
bool CodeEditor::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QStringList messages = messagesAt(cursorForPosition(help->pos()).blockNumber() + 1);
        if (messages.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), messages.join(QLatin1Char('\n')), viewport());
        return true;
    }
    return QPlainTextEdit::viewportEvent(event);
}

bool CodeEditor::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_lineNumberArea && event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QStringList messages = messagesAt(cursorForPosition(QPoint(0, help->pos().y())).blockNumber() + 1);
        if (messages.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), messages.join(QLatin1Char('\n')), m_lineNumberArea);
        return true;
    }
    return QPlainTextEdit::eventFilter(watched, event);
}

void CodeEditor::updateExtraSelections()
{
    QList<QTextEdit::ExtraSelection> selections;
    if (!isReadOnly()) {
        QTextEdit::ExtraSelection current;
        QColor lineColor = palette().color(QPalette::Highlight);
        lineColor.setAlpha(28);
        current.format.setBackground(lineColor);
        current.format.setProperty(QTextFormat::FullWidthSelection, true);
        current.cursor = textCursor();
        current.cursor.clearSelection();
        selections.append(current);
    }
    if (m_errorLine > 0) {
        const QTextBlock block = document()->findBlockByNumber(m_errorLine - 1);
        if (block.isValid()) {
            QTextEdit::ExtraSelection error;
            error.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
            error.format.setUnderlineColor(QColor(0xe5, 0x48, 0x4d));
            error.format.setToolTip(m_errorMessage);
            error.cursor = QTextCursor(block);
            // An error just after a line's last character (a missing comma) underlines that
            // character, not the start of the next line.
            const int column = qBound(0, m_errorColumn - 1, qMax(0, block.length() - 2));
            error.cursor.setPosition(block.position() + column);
            // At least one character, so an error at the end of a line is still visible.
            const int end = qMax(block.position() + block.length() - 1,
                                 block.position() + column + 1);
            error.cursor.setPosition(qMin(end, document()->characterCount() - 1),
                                     QTextCursor::KeepAnchor);
            selections.append(error);
        }
    }
    for (const LineMark &mark : std::as_const(m_marks)) {
        const QTextBlock block = document()->findBlockByNumber(mark.line - 1);
        if (!block.isValid())
            continue;
        QTextEdit::ExtraSelection note;
        note.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        note.format.setUnderlineColor(mark.color);
        note.cursor = QTextCursor(block);
        const int column = qBound(0, mark.column - 1, qMax(0, block.length() - 1));
        note.cursor.setPosition(block.position() + column);
        note.cursor.setPosition(qMax(block.position() + block.length() - 1, block.position() + column),
                                QTextCursor::KeepAnchor);
        selections.append(note);
    }
    setExtraSelections(selections);
}

} // namespace Sandbench
