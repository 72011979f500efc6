#pragma once

#include <QList>
#include <QString>
#include <QWidget>

namespace Sandbench {

// One of the examples shipped in examples/ (and compiled in under :/examples/): a script and
// the policy it runs under.
struct Example
{
    QString name;  // the folder: "hello-safe"
    QString title; // translated
    QString description;
    QString script; // the script's text
    QString policy; // the policy's JSON text
    QString scriptFileName() const { return QStringLiteral("%1.ts").arg(name); }
};

// The first page a new user sees (first start, and whenever no script is open; Help → Welcome):
// what the workbench is for, and three examples that open in one click.
class WelcomePanel : public QWidget
{
    Q_OBJECT
public:
    explicit WelcomePanel(QWidget *parent = nullptr);

    // The examples in the order shown: safe, denied, npm package.
    static QStringList exampleNames();
    // Read from the compiled-in copy; an unknown name gives an empty script.
    static Example example(const QString &name);

signals:
    void exampleRequested(const QString &name);
    void userGuideRequested();
};

} // namespace Sandbench
