#include "policyeditorpanel.h"
#include "textroles.h"
#include "theme.h"

#include "common/terminaltext.h"
#include "codeeditor.h"
#include "common/boundedfile.h"
#include "policyform.h"
#include "policymarks.h"
#include "policy/jsonlocator.h"
#include "policy/policyfile.h"
#include "policy/policytextedit.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QLabel>
#include <QPushButton>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSplitter>
#include <QTextBlock>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace Sandbench {

namespace {
// Long enough not to flash errors at every keystroke, short enough to feel live.
constexpr int kDebounceMs = 250;
} // namespace

PolicyEditorPanel::PolicyEditorPanel(QWidget *parent)
    : QWidget(parent)
    , m_editor(new CodeEditor(this))
    , m_form(new PolicyForm(this))
    , m_status(new QLabel(this))
    , m_banner(new QFrame(this))
    , m_bannerText(new QLabel(m_banner))
    , m_goToError(new QPushButton(tr("Go to error"), m_banner))
    , m_debounce(new QTimer(this))
    , m_lintTimer(new QTimer(this))
{
    // Lint waits for a pause too: it stats paths, and marks that jump while typing help nobody.
    m_lintTimer->setSingleShot(true);
    m_lintTimer->setInterval(kDebounceMs);
    connect(m_lintTimer, &QTimer::timeout, this, &PolicyEditorPanel::updateMarks);
    m_banner->setObjectName(QStringLiteral("policyErrorBanner"));
    m_bannerText->setObjectName(QStringLiteral("policyErrorBannerText"));
    m_goToError->setObjectName(QStringLiteral("policyGoToError"));
    m_banner->setFrameShape(QFrame::StyledPanel);
    colourBanner();
    m_bannerText->setWordWrap(true);
    m_bannerText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *bannerLayout = new QHBoxLayout(m_banner);
    bannerLayout->setContentsMargins(8, 4, 8, 4);
    bannerLayout->addWidget(m_bannerText, 1);
    bannerLayout->addWidget(m_goToError);
    m_banner->hide();
    connect(m_goToError, &QPushButton::clicked, this, &PolicyEditorPanel::goToError);
    m_editor->setObjectName(QStringLiteral("policyText"));
    m_form->setObjectName(QStringLiteral("policyForm"));
    m_status->setObjectName(QStringLiteral("policyStatus"));
    m_editor->setSyntax(QStringLiteral("JSON"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);

    auto *templates = new QToolButton(this);
    templates->setObjectName(QStringLiteral("policyTemplates"));
    templates->setText(tr("Templates"));
    templates->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(templates);
    for (const QString &name : templateNames())
        menu->addAction(templateTitle(name), this, [this, name] { applyTemplate(name); });
    templates->setMenu(menu);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_editor);
    splitter->addWidget(m_form);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({330, 420});

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_status, 1);
    bar->addWidget(templates);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_banner);
    layout->addWidget(splitter, 1);
    layout->addLayout(bar);

    connect(m_form, &PolicyForm::changed, this, &PolicyEditorPanel::onFormChanged);
    connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_writingText)
            m_debounce->start();
    });
    connect(m_debounce, &QTimer::timeout, this, &PolicyEditorPanel::parseText);
    connect(m_editor->document(), &QTextDocument::modificationChanged, this,
            &PolicyEditorPanel::modificationChanged);

    Policy initial;
    initial.sandbox = true;
    m_policy = initial;
    m_writingText = true;
    m_editor->setPlainText(QString::fromUtf8(policyToJson(initial)));
    m_writingText = false;
    m_editor->document()->setModified(false);
    m_form->setPolicy(initial);
    parseText();
}

QString PolicyEditorPanel::text() const
{
    return m_editor->toPlainText();
}

void PolicyEditorPanel::replaceText(const QString &text)
{
    const QString old = m_editor->toPlainText();
    if (text == old)
        return;
    // Only the bytes that differ are replaced: the cursor, the scroll position and the marks
    // of the rest stay where they were. One edit block, so undo steps back over it in one go.
    qsizetype prefix = 0;
    const qsizetype shorter = qMin(old.size(), text.size());
    while (prefix < shorter && old.at(prefix) == text.at(prefix))
        ++prefix;
    qsizetype suffix = 0;
    while (suffix < shorter - prefix && old.at(old.size() - 1 - suffix) == text.at(text.size() - 1 - suffix))
        ++suffix;
    QTextCursor cursor(m_editor->document());
    cursor.beginEditBlock();
    cursor.setPosition(int(prefix));
    cursor.setPosition(int(old.size() - suffix), QTextCursor::KeepAnchor);
    cursor.insertText(text.mid(prefix, text.size() - prefix - suffix));
    cursor.endEditBlock();
}

bool PolicyEditorPanel::applyEdit(const QString &base, const QString &edited)
{
    if (m_editor->toPlainText() != base)
        return false;
    m_writingText = true;
    replaceText(edited);
    m_writingText = false;
    validateNow();
    return true;
}

void PolicyEditorPanel::setText(const QString &text)
{
    replaceText(text);
    validateNow();
}

bool PolicyEditorPanel::setPolicy(const Policy &policy, QString *error)
{
    const QString base = m_editor->toPlainText();
    const auto edited = editPolicyText(base.toUtf8(), policy);
    if (!edited) {
        if (error)
            *error = edited.error().message;
        m_status->setText(visibleText(tr("Not changed: %1").arg(edited.error().message)));
        setTextRole(m_status, TextRole::Error);
        return false;
    }
    return applyEdit(base, QString::fromUtf8(*edited));
}

void PolicyEditorPanel::validateNow()
{
    m_debounce->stop();
    parseText();
}

void PolicyEditorPanel::goToError()
{
    if (m_errorLine <= 0)
        return;
    const QTextBlock block = m_editor->document()->findBlockByNumber(m_errorLine - 1);
    if (!block.isValid())
        return;
    QTextCursor cursor(block);
    cursor.setPosition(block.position() + qBound(0, m_errorColumn - 1, qMax(0, block.length() - 1)));
    m_editor->setTextCursor(cursor);
    m_editor->centerCursor();
    m_editor->setFocus(Qt::OtherFocusReason);
}

void PolicyEditorPanel::onFormChanged()
{
    // The form writes the text only when it shows what the text says: never while the text
    // does not parse (it would drop what could not be read), and never over typing (or an
    // undo) it has not read yet. Then the text is read and wins; the form follows it.
    if (m_editor->toPlainText() != m_parsedText) {
        validateNow();
        if (m_valid)
            m_form->setPolicy(m_policy);
        return;
    }
    if (!m_valid) {
        m_form->setPolicy(m_policy);
        return;
    }
    // The form's change goes into the text as the user wrote it: only the entries that
    // differ are edited (editPolicyText), never the whole text re-serialised.
    const auto edited = editPolicyText(m_parsedText.toUtf8(), m_form->policy());
    if (!edited) {
        m_form->setPolicy(m_policy);
        m_status->setText(visibleText(tr("Not changed: %1").arg(edited.error().message)));
        setTextRole(m_status, TextRole::Error);
        return;
    }
    applyEdit(m_parsedText, QString::fromUtf8(*edited));
}

void PolicyEditorPanel::parseText()
{
    const QString source = m_filePath.isEmpty() ? QStringLiteral("policy.json")
                                                : QFileInfo(m_filePath).fileName();
    m_parsedText = m_editor->toPlainText();
    const Result<Policy> parsed = parsePolicy(m_parsedText.toUtf8(), source);
    const bool wasValid = m_valid;
    if (parsed) {
        m_valid = true;
        m_error.clear();
        m_errorLine = m_errorColumn = 0;
        m_banner->hide();
        m_form->setEnabled(true);
        m_editor->clearErrorMarker();
        showValidStatus();
        const bool changed = !(*parsed == m_policy);
        m_policy = *parsed;
        m_form->setPolicy(m_policy);
        m_lintTimer->start();
        if (changed)
            emit policyChanged(m_policy);
    } else {
        m_valid = false;
        m_error = parsed.error().message;
        static const QRegularExpression where(QStringLiteral("^.*:(\\d+):(\\d+): (.*)$"),
                                              QRegularExpression::DotMatchesEverythingOption);
        const QRegularExpressionMatch match = where.match(m_error);
        QString message = m_error;
        m_errorLine = m_errorColumn = 1;
        if (match.hasMatch()) {
            m_errorLine = match.captured(1).toInt();
            m_errorColumn = match.captured(2).toInt();
            message = match.captured(3);
        }
        m_editor->setErrorMarker(m_errorLine, m_errorColumn, message);
        // Parse errors quote the policy (a key, a path): shown, not obeyed.
        m_status->setText(visibleText(tr("Line %1, column %2: %3").arg(m_errorLine).arg(m_errorColumn).arg(message)));
        setTextRole(m_status, TextRole::Error);
        m_bannerText->setText(visibleText(tr("The form is read-only until the policy reads again: line %1, column %2: %3")
                                      .arg(m_errorLine).arg(m_errorColumn).arg(message)));
        m_banner->show();
        // The form keeps showing the last good policy, but as a picture: it cannot be edited.
        m_form->setPolicy(m_policy);
        m_form->setEnabled(false);
        // Marks stand at positions of a text that is gone; they come back when it reads.
        m_lintTimer->stop();
        m_editor->setLineMarks({});
        m_form->setEntryMarks({});
    }
    if (wasValid != m_valid)
        emit validityChanged(m_valid);
}

void PolicyEditorPanel::showValidStatus()
{
    const QString valid = tr("\u2714 Valid policy");
    m_status->setText(m_marksSummary.isEmpty() ? valid : valid + QStringLiteral(" \u00b7 ") + visibleText(m_marksSummary));
    setTextRole(m_status, TextRole::Success);
}

void PolicyEditorPanel::lintNow()
{
    validateNow();
    m_lintTimer->stop();
    updateMarks();
}

void PolicyEditorPanel::setAuditEvidence(const QList<AuditEvent> &events)
{
    m_evidence = events;
    if (m_valid) {
        m_lintTimer->stop();
        updateMarks();
    }
}

void PolicyEditorPanel::updateMarks()
{
    if (!m_valid)
        return;
    const QByteArray source = m_parsedText.toUtf8();
    LintOptions options;
    options.policyPath = m_filePath;
    m_lint = lintPolicy(m_policy, baseDir(), source, options);
    m_usage.reset();
    if (!m_evidence.isEmpty())
        m_usage = comparePolicyWithAudit(m_policy, baseDir(), m_evidence, source);
    const PolicyMarks marks = policyMarks(m_lint, m_usage ? &*m_usage : nullptr, JsonLocator(source));
    m_editor->setLineMarks(marks.lines);
    m_form->setEntryMarks(marks.entries);
    m_marksSummary = marks.summary;
    showValidStatus();
}

QString PolicyEditorPanel::baseDir() const
{
    return m_filePath.isEmpty() ? QDir::currentPath() : QFileInfo(m_filePath).absolutePath();
}

bool PolicyEditorPanel::isModified() const
{
    return m_editor->document()->isModified();
}

bool PolicyEditorPanel::loadFile(const QString &path, QString *error)
{
    // The reader readPolicyFile uses, so the editor opens what the CLI opens and refuses what
    // it refuses (a FIFO, /dev/zero, a folder, an oversized file) at once.
    const auto bytes = readRegularFile(path, kMaxPolicyFileBytes, tr("the policy"));
    if (!bytes) {
        if (error)
            *error = bytes.error().message;
        return false;
    }
    m_filePath = QFileInfo(path).absoluteFilePath();
    // The editor holds lines, not their endings: keep the file's own, so saving an edit
    // changes only the edited bytes (a CRLF file stays CRLF, a file without a last newline
    // gets none).
    const qsizetype firstLf = bytes->indexOf('\n');
    m_crlf = firstLf > 0 && bytes->at(firstLf - 1) == '\r';
    m_finalNewline = bytes->isEmpty() || bytes->endsWith('\n');
    m_editor->setPlainText(QString::fromUtf8(*bytes));
    m_editor->document()->setModified(false);
    validateNow();
    emit fileChanged(m_filePath);
    return true;
}

bool PolicyEditorPanel::saveFile(const QString &path, QString *error)
{
    // The text is saved as written (comments on layout are the user's); writePolicyFile
    // would reformat it.
    QString text = m_editor->toPlainText();
    if (m_finalNewline && !text.endsWith(QLatin1Char('\n')))
        text += QLatin1Char('\n');
    if (m_crlf)
        text.replace(QLatin1Char('\n'), QLatin1String("\r\n"));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    m_filePath = QFileInfo(path).absoluteFilePath();
    m_editor->document()->setModified(false);
    emit fileChanged(m_filePath);
    return true;
}

bool PolicyEditorPanel::open()
{
    if (!maybeSave())
        return false;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Policy"), baseDir(),
                                                      tr("Policies (*.json);;All files (*)"));
    if (path.isEmpty())
        return false;
    QString error;
    if (!loadFile(path, &error)) {
        QMessageBox::warning(this, tr("Open Policy"), visibleLines(tr("Cannot open %1: %2").arg(path, error)));
        return false;
    }
    return true;
}

bool PolicyEditorPanel::save()
{
    if (m_filePath.isEmpty())
        return saveAs();
    QString error;
    if (!saveFile(m_filePath, &error)) {
        QMessageBox::warning(this, tr("Save Policy"), visibleLines(tr("Cannot save %1: %2").arg(m_filePath, error)));
        return false;
    }
    return true;
}

bool PolicyEditorPanel::saveAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save Policy As"),
                                                m_filePath.isEmpty() ? baseDir() + QStringLiteral("/policy.json") : m_filePath,
                                                tr("Policies (*.json)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    QString error;
    if (!saveFile(path, &error)) {
        QMessageBox::warning(this, tr("Save Policy"), visibleLines(tr("Cannot save %1: %2").arg(path, error)));
        return false;
    }
    return true;
}

bool PolicyEditorPanel::maybeSave()
{
    if (!isModified())
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Unsaved Policy"), tr("The policy has unsaved changes. Save them?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

QStringList PolicyEditorPanel::templateNames()
{
    return {QStringLiteral("deny-everything"), QStringLiteral("read-only-workdir"),
            QStringLiteral("one-host")};
}

QString PolicyEditorPanel::templateTitle(const QString &name)
{
    if (name == QLatin1String("deny-everything"))
        return tr("Deny everything");
    if (name == QLatin1String("read-only-workdir"))
        return tr("Read-only working folder");
    if (name == QLatin1String("one-host"))
        return tr("One network host");
    return name;
}

PolicyEditorPanel::TemplateAction PolicyEditorPanel::askTemplateAction(const QString &name, bool canMerge)
{
    QMessageBox box(QMessageBox::Question, tr("Apply Template"),
                    tr("Replace the current policy with \u201c%1\u201d?").arg(templateTitle(name)),
                    QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("templateConfirm"));
    box.setInformativeText(canMerge ? tr("Merge keeps your entries and adds the template's to them.")
                                    : tr("The policy has an error, so it cannot be merged; Undo brings "
                                         "the text back after a replace."));
    QPushButton *replace = box.addButton(tr("Replace"), QMessageBox::DestructiveRole);
    replace->setObjectName(QStringLiteral("templateReplace"));
    QPushButton *merge = box.addButton(tr("Merge"), QMessageBox::AcceptRole);
    merge->setObjectName(QStringLiteral("templateMerge"));
    merge->setEnabled(canMerge);
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    cancel->setObjectName(QStringLiteral("templateCancel"));
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    if (box.clickedButton() == replace)
        return TemplateAction::Replace;
    if (box.clickedButton() == merge && canMerge)
        return TemplateAction::Merge;
    return TemplateAction::Cancel;
}

bool PolicyEditorPanel::applyTemplate(const QString &name)
{
    QFile file(QStringLiteral(":/templates/%1.json").arg(name));
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QString templateText = QString::fromUtf8(file.readAll());
    validateNow();
    const bool holdsWork = isModified() || (!m_filePath.isEmpty() && !text().trimmed().isEmpty());
    if (!holdsWork || text() == templateText) {
        setText(templateText);
        return true;
    }
    const auto templatePolicy = parsePolicy(templateText.toUtf8(), name);
    switch (askTemplateAction(name, m_valid && templatePolicy.has_value())) {
    case TemplateAction::Replace:
        setText(templateText);
        return true;
    case TemplateAction::Merge: {
        Policy merged = m_policy;
        merged.merge(*templatePolicy);
        setPolicy(merged);
        return true;
    }
    case TemplateAction::Cancel:
        break;
    }
    return false;
}

void PolicyEditorPanel::undo()
{
    m_editor->undo();
    validateNow();
}

void PolicyEditorPanel::redo()
{
    m_editor->redo();
    validateNow();
}

void PolicyEditorPanel::colourBanner()
{
    // Built from the palette in use: a pale banner picked for light glared on dark.
    const bool dark = isDarkPalette(palette());
    const QColor back = dark ? QColor(0x4a, 0x1f, 0x22) : QColor(0xfd, 0xec, 0xec);
    const QColor text = dark ? QColor(0xff, 0xc9, 0xc5) : QColor(0x8c, 0x1d, 0x22);
    const QString sheet = QStringLiteral("#policyErrorBanner { background: %1; border: 1px solid %2; }"
                                         "#policyErrorBannerText { color: %3; }")
                              .arg(back.name(), textRoleColor(TextRole::Error, palette()).name(), text.name());
    if (m_banner->styleSheet() != sheet)
        m_banner->setStyleSheet(sheet);
}

void PolicyEditorPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        colourBanner();
}

} // namespace Sandbench
