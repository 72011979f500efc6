#include "exec/packagespec.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Sandbench;

class TestPackageSpec : public QObject
{
    Q_OBJECT
private slots:
    void accepts_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("range");
        QTest::newRow("name") << "papaparse" << "papaparse" << "*";
        QTest::newRow("star") << "papaparse@*" << "papaparse" << "*";
        QTest::newRow("major") << "papaparse@5" << "papaparse" << "5";
        QTest::newRow("minor") << "papaparse@5.7" << "papaparse" << "5.7";
        QTest::newRow("exact") << "papaparse@5.7.0" << "papaparse" << "5.7.0";
        QTest::newRow("caret") << "papaparse@^5.1.0" << "papaparse" << "^5.1.0";
        QTest::newRow("tilde") << "date-fns@~5.1.0" << "date-fns" << "~5.1.0";
        QTest::newRow("scoped") << "@std/path@1" << "@std/path" << "1";
    }

    void accepts()
    {
        QFETCH(QString, text);
        QFETCH(QString, name);
        QFETCH(QString, range);
        auto spec = PackageSpec::parse(text);
        QVERIFY2(spec.has_value(), qPrintable(text));
        QCOMPARE(spec->name, name);
        QCOMPARE(spec->range, range);
    }

    void refuses_data()
    {
        QTest::addColumn<QString>("text");
        for (const char *bad : {"", "Upper", "a b", "x@>=1", "x@1.2.3.4", "x@^5", "x@latest", "../x", "x@1 || 2",
                                "@scope", "x@", "https://evil/x", "x;rm"})
            QTest::newRow(bad) << QString::fromLatin1(bad);
    }

    void refuses()
    {
        QFETCH(QString, text);
        auto spec = PackageSpec::parse(text);
        QVERIFY(!spec.has_value());
        QCOMPARE(spec.error().code, ErrorCode::ConfigError);
    }

    void importMap()
    {
        const auto map = QJsonDocument::fromJson(importMapJson({*PackageSpec::parse(QStringLiteral("a@5"))}, QStringLiteral("file:///s.js"))).object();
        const auto imports = map.value(QStringLiteral("imports")).toObject();
        QCOMPARE(imports.value(QStringLiteral("a")).toString(), QStringLiteral("npm:a@5"));
        QCOMPARE(imports.value(QStringLiteral("a/")).toString(), QStringLiteral("npm:a@5/"));
        QCOMPARE(imports.value(QStringLiteral("node:crypto")).toString(), QStringLiteral("file:///s.js"));
        QVERIFY(map.value(QStringLiteral("scopes")).toObject().contains(QStringLiteral("file:///s.js")));
    }
};

QTEST_GUILESS_MAIN(TestPackageSpec)
#include "tst_packagespec.moc"
