#include "doctorcommand.h"

#include "common/terminaltext.h"
#include "doctor/doctor.h"
#include "optiontable.h"
#include "workbench/workbench.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QTextStream>

namespace Sandbench::Cli {

namespace {

struct DoctorFlags
{
    bool json = false;
    bool noSandboxes = false;
    bool help = false;
};

OptionTable doctorTable(DoctorFlags *flags)
{
    OptionTable table(QStringLiteral("doctor"));
    table.flag({QStringLiteral("--json")}, QStringLiteral("one JSON object: {\"ok\", \"layers\": [{\"layer\", \"state\", \"why\"}]}"), &flags->json);
    table.flag({QStringLiteral("--no-sandboxes")}, QStringLiteral("do not try the Docker layers (they are reported n/a)"), &flags->noSandboxes);
    table.flag({QStringLiteral("--help"), QStringLiteral("-h")}, QStringLiteral("this text"), &flags->help);
    return table;
}

} // namespace

QString doctorHelp()
{
    DoctorFlags flags;
    return QStringLiteral("  doctor [options]\n"
                          "      prove each layer the README promises on this machine, now, by trying it:\n"
                          "      held|missing|n/a LAYER WHY, one line each; exit 0 only when all hold\n")
            + doctorTable(&flags).help();
}

int doctorCommand(const QStringList &args)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    DoctorFlags flags;
    auto parsed = doctorTable(&flags).parse(args);
    if (!parsed || !parsed->positional.isEmpty() || !parsed->rest.isEmpty()) {
        err << "sandbench-cli doctor: "
            << terminalSafe(parsed ? QStringLiteral("unexpected argument '%1'").arg(parsed->positional.value(0, parsed->rest.value(0)))
                                   : parsed.error().message)
            << "\n\n" << doctorHelp();
        return 2;
    }
    if (flags.help) {
        out << doctorHelp();
        return 0;
    }
    WorkbenchOptions options;
    if (!flags.noSandboxes)
        options.sandboxProviders = dockerProviderFactory();
    Workbench workbench(options);
    DoctorOptions doctorOptions;
    doctorOptions.sandboxes = !flags.noSandboxes;
    QEventLoop loop;
    Doctor *doctor = workbench.startDoctor(doctorOptions, &workbench);
    QObject::connect(doctor, &Doctor::finished, &loop, &QEventLoop::quit);
    if (doctor->isRunning())
        loop.exec();
    const DoctorReport &report = doctor->report();
    if (flags.json)
        out << report.toJson() << '\n';
    else
        out << report.toText();
    return report.allHeld() ? 0 : 1;
}

} // namespace Sandbench::Cli
