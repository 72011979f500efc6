#include "replaynotes.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace Sandbench {

namespace {

class ReplayNotes
{
    Q_DECLARE_TR_FUNCTIONS(Sandbench::ReplayNotes)
public:
    struct Form
    {
        QRegularExpression pattern; // captures the values, in order
        QString text;               // translated, with %1, %2 for them
    };

    static QList<Form> forms()
    {
        const auto form = [](const char *pattern, const QString &text) {
            return Form{QRegularExpression(QRegularExpression::anchoredPattern(QString::fromLatin1(pattern)),
                                           QRegularExpression::DotMatchesEverythingOption),
                        text};
        };
        // Longer, more specific forms first: "recording: " would match the others' values too.
        return {
            form("refused: (.*)", tr("refused: %1")),
            form("widened by the replay policy: (.*)", tr("widened by the replay policy: %1")),
            form("the replay policy allows other packages than the recording; they are not in the bundle",
                 tr("the replay policy allows other packages than the recording; they are not in the bundle")),
            form("recorded with Deno (.*), replayed with (.*)", tr("recorded with Deno %1, replayed with %2")),
            form("the runtime binary differs from the recorded one \\(sha256 (.*)\\)",
                 tr("the runtime binary differs from the recorded one (sha256 %1)")),
            form("the value of (.*) was not recorded; the replay does not give it",
                 tr("the value of %1 was not recorded; the replay does not give it")),
            form("the recording had no timeout; the replay stops after (\\d+) s",
                 tr("the recording had no timeout; the replay stops after %1 s")),
            form("recorded with network (.*), replayed without network", tr("recorded with network %1, replayed without network")),
            form("environment values were not recorded: (.*)", tr("environment values were not recorded: %1")),
            form("command environment values were not recorded: (.*)", tr("command environment values were not recorded: %1")),
            form("recording: (.*)", tr("recording: %1")),
        };
    }
};

} // namespace

QString translatedReplayNote(const QString &note)
{
    // Built per call, not once: the forms are translated by the translator installed now.
    for (const ReplayNotes::Form &form : ReplayNotes::forms()) {
        const QRegularExpressionMatch m = form.pattern.match(note);
        if (!m.hasMatch())
            continue;
        // One arg() call: a value holding "%2" must not be substituted again.
        switch (m.lastCapturedIndex()) {
        case 0: return form.text;
        case 1: return form.text.arg(m.captured(1));
        default: return form.text.arg(m.captured(1), m.captured(2));
        }
    }
    return note;
}

} // namespace Sandbench
