#include "welcomepanel.h"

#include <QFile>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace Sandbench {

namespace {

QString readResource(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

QLabel *wrappedLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    return label;
}

} // namespace

QStringList WelcomePanel::exampleNames()
{
    return {QStringLiteral("hello-safe"), QStringLiteral("denied-reads"), QStringLiteral("npm-package")};
}

Example WelcomePanel::example(const QString &name)
{
    Example e;
    if (!exampleNames().contains(name))
        return e;
    e.name = name;
    if (name == QLatin1String("hello-safe")) {
        e.title = tr("A safe script");
        e.description = tr("Needs nothing and gets nothing: it runs under a policy that denies everything.");
    } else if (name == QLatin1String("denied-reads")) {
        e.title = tr("A script that is denied");
        e.description = tr("Tries to read a file, a variable and the network. Every attempt is denied and shows "
                           "in the Audit Log, where “Allow this” adds a rule.");
    } else {
        e.title = tr("An npm package");
        e.description = tr("Imports papaparse, which the policy allows in allow_packages. The first run "
                           "downloads it, so it needs the network once.");
    }
    e.script = readResource(QStringLiteral(":/examples/%1/script.ts").arg(name));
    e.policy = readResource(QStringLiteral(":/examples/%1/policy.json").arg(name));
    return e;
}

WelcomePanel::WelcomePanel(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("welcomePanel"));
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(24, 12, 24, 12);
    layout->setSpacing(10);
    // The way to the guide sits beside the title: in a docked tab at 1280x800 anything below the
    // examples is below the fold.
    auto *guide = new QPushButton(tr("Read the User Guide"), page);
    guide->setObjectName(QStringLiteral("openUserGuide"));
    guide->setToolTip(tr("Policies, sessions, replays and sandboxes, offline (Help \u2192 User Guide, F1). "
                         "This page is under Help \u2192 Welcome."));
    connect(guide, &QPushButton::clicked, this, &WelcomePanel::userGuideRequested);
    auto *header = new QHBoxLayout;
    header->addWidget(wrappedLabel(tr("<h2>Welcome to Sandbench</h2>"), page), 1);
    header->addWidget(guide, 0, Qt::AlignVCenter);
    layout->addLayout(header);
    layout->addWidget(wrappedLabel(tr("<p>Sandbench runs code an AI agent wrote under a policy you can read and edit. "
                                      "Every file, network, environment and program access the code asks for is "
                                      "decided by the policy and logged.</p>"
                                      "<p>The <b>Script</b> panel holds the code, the <b>Policy</b> panel what it may do. "
                                      "<b>F5</b> runs it; the <b>Console</b> shows its output and the <b>Audit Log</b> "
                                      "every decision. Open an example to see it at work:</p>"),
                                   page));

    auto *grid = new QGridLayout;
    grid->setHorizontalSpacing(12);
    int column = 0;
    for (const QString &name : exampleNames()) {
        const Example e = example(name);
        auto *card = new QFrame(page);
        card->setObjectName(QStringLiteral("example-%1").arg(name));
        card->setFrameShape(QFrame::StyledPanel);
        auto *cardLayout = new QVBoxLayout(card);
        cardLayout->addWidget(wrappedLabel(QStringLiteral("<b>%1</b>").arg(e.title.toHtmlEscaped()), card));
        auto *text = wrappedLabel(e.description.toHtmlEscaped(), card);
        text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        cardLayout->addWidget(text, 1);
        auto *open = new QPushButton(tr("Open Example"), card);
        open->setObjectName(QStringLiteral("openExample-%1").arg(name));
        open->setToolTip(tr("The script into the Script panel, its policy into the Policy panel"));
        connect(open, &QPushButton::clicked, this, [this, name] { emit exampleRequested(name); });
        cardLayout->addWidget(open, 0, Qt::AlignLeft);
        grid->addWidget(card, 0, column);
        grid->setColumnStretch(column, 1);
        ++column;
    }
    layout->addLayout(grid);
    layout->addStretch(1);

    auto *scroll = new QScrollArea(this);
    scroll->setWidget(page);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setAccessibleName(tr("Welcome page"));
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
}

} // namespace Sandbench
