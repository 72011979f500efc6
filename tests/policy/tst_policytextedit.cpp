// A programmatic change of a policy text is a minimal edit: every byte outside the changed
// entry stays as the user wrote it (issue #24).
#include "policy/jsontexteditor.h"
#include "policy/policyfile.h"
#include "policy/policytextedit.h"

#include <QElapsedTimer>
#include <QTest>

using namespace Sandbench;

namespace {

Policy parsed(const QByteArray &text)
{
    PolicyParseOptions options;
    options.allowSensitiveRoots = true;
    auto p = parsePolicy(text, QStringLiteral("test"), options);
    if (!p)
        qFatal("does not parse: %s\n%s", qPrintable(p.error().message), text.constData());
    return *p;
}

// `after` is `before` with exactly one run of bytes inserted; returns that run (or a marker
// that says what else changed).
QByteArray insertedRun(const QByteArray &before, const QByteArray &after)
{
    if (after.size() < before.size())
        return "<shorter>";
    qsizetype p = 0;
    while (p < before.size() && before.at(p) == after.at(p))
        ++p;
    const qsizetype length = after.size() - before.size();
    if (after.left(p) + after.mid(p + length) != before)
        return "<changed elsewhere>";
    return after.mid(p, length);
}

// Bytes other than the entry itself in an inserted run: commas and whitespace only.
bool onlyPunctuationBesides(QByteArray run, const QByteArray &entry)
{
    if (!run.contains(entry))
        return false;
    run.replace(run.indexOf(entry), entry.size(), "");
    for (char c : run)
        if (c != ',' && c != ' ' && c != '\t' && c != '\r' && c != '\n')
            return false;
    return true;
}

} // namespace

class TestPolicyTextEdit : public QObject
{
    Q_OBJECT

private slots:
    void addingAnEntryChangesNothingElse_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QByteArray>("inserted"); // exactly, where the style says so
        const QByteArray any;
        QTest::newRow("qt-indented") << QByteArray("{\n    \"permissions\": {\n        \"allow_read\": [\n            \"/a\"\n        ]\n    },\n    \"sandbox\": true\n}\n")
                                     << "allow_read" << QByteArray(",\n            \"/data/new\"");
        QTest::newRow("inline-array") << QByteArray("{\n  \"sandbox\": true,\n  \"permissions\": { \"allow_read\": [\"/a\", \"/b\"] }\n}")
                                      << "allow_read" << QByteArray(", \"/data/new\"");
        QTest::newRow("inline-no-space") << QByteArray("{\"sandbox\":true,\"permissions\":{\"allow_read\":[\"/a\",\"/b\"]}}")
                                         << "allow_read" << QByteArray(",\"/data/new\"");
        QTest::newRow("empty-inline") << QByteArray("{\n  \"permissions\": {\n    \"allow_write\": [],\n    \"allow_read\": []\n  },\n  \"sandbox\": true\n}\n")
                                      << "allow_read" << QByteArray("\"/data/new\"");
        QTest::newRow("empty-spaced") << QByteArray("{ \"permissions\": { \"allow_read\": [ ] } }")
                                      << "allow_read" << QByteArray("\"/data/new\" ");
        QTest::newRow("tabs") << QByteArray("{\n\t\"permissions\": {\n\t\t\"allow_read\": [\n\t\t\t\"/a\"\n\t\t]\n\t}\n}\n")
                              << "allow_read" << QByteArray(",\n\t\t\t\"/data/new\"");
        QTest::newRow("crlf") << QByteArray("{\r\n  \"permissions\": {\r\n    \"allow_read\": [\r\n      \"/a\",\r\n      \"/b\"\r\n    ]\r\n  }\r\n}\r\n")
                              << "allow_read" << QByteArray(",\r\n      \"/data/new\"");
        QTest::newRow("odd-separators") << QByteArray("{\"permissions\" :{\"allow_read\" : [ \"/a\" ,  \"/b\" ]}}   \n\n")
                                        << "allow_read" << QByteArray(",  \"/data/new\"");
        QTest::newRow("bom-trailing-space") << QByteArray("\xEF\xBB\xBF{\"permissions\": {\"allow_read\": [\"/a\"]}}\n  \n")
                                            << "allow_read" << QByteArray(", \"/data/new\"");
        QTest::newRow("first-on-bracket-line") << QByteArray("{\n  \"permissions\": {\n    \"allow_read\": [\"/a\",\n                   \"/b\"]\n  }\n}")
                                               << "allow_read" << QByteArray(",\n                   \"/data/new\"");
        QTest::newRow("options-list") << QByteArray("{\n  \"options\": {\n    \"read_only_dirs\": [\n      \"/a\"\n    ],\n    \"timeout_ms\": 1000\n  }\n}")
                                      << "read_only_dirs" << QByteArray(",\n      \"/data/new\"");
        QTest::newRow("missing-key-multiline") << QByteArray("{\n    \"permissions\": {\n        \"deny_net\": true\n    }\n}\n")
                                               << "allow_read" << any;
        QTest::newRow("missing-section") << QByteArray("{\n  \"sandbox\": true\n}\n") << "allow_read" << any;
        QTest::newRow("empty-object") << QByteArray("{}") << "allow_read" << any;
        QTest::newRow("empty-permissions-multiline") << QByteArray("{\n  \"permissions\": {\n  },\n  \"sandbox\": true\n}") << "allow_write" << any;
        QTest::newRow("brackets-in-strings") << QByteArray("{\"permissions\": {\"allow_read\": [\"/a]\\\"}, [\", \"/b // not a comment */\"]}}")
                                             << "allow_read" << QByteArray(", \"/data/new\"");
        QTest::newRow("escaped-key") << QByteArray("{\"permissions\": {\"allow\\u005fread\": [\"/x\"]}}")
                                     << "allow_read" << QByteArray(", \"/data/new\"");
        QTest::newRow("unicode") << QByteArray("{\"permissions\": {\"allow_read\": [\"/données/日本\", \"/e\\u0301\"]}}")
                                 << "allow_read" << QByteArray(", \"/data/new\"");
        QTest::newRow("decoy-key-in-string") << QByteArray("{\"options\": {\"env\": {\"X\": \"\\\"allow_read\\\": [\"}}, \"permissions\": {\"allow_read\": [\"/a\"]}}")
                                             << "allow_read" << QByteArray(", \"/data/new\"");
    }

    void addingAnEntryChangesNothingElse()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, key);
        QFETCH(QByteArray, inserted);
        Policy target = parsed(text);
        QStringList *list = key == QLatin1String("read_only_dirs") ? &target.readOnlyDirs
                            : key == QLatin1String("allow_write")  ? &target.permissions.allowWrite
                                                                   : &target.permissions.allowRead;
        list->append(QStringLiteral("/data/new"));
        const auto edited = editPolicyText(text, target);
        QVERIFY2(edited, qPrintable(edited ? QString() : edited.error().message));
        const QByteArray run = insertedRun(text, *edited);
        QVERIFY2(!run.startsWith('<'), qPrintable(QStringLiteral("%1\n---\n%2").arg(QString::fromUtf8(text), QString::fromUtf8(*edited))));
        if (!inserted.isEmpty())
            QCOMPARE(run, inserted);
        else
            QVERIFY2(run.contains("\"/data/new\""), run.constData());
        QCOMPARE(parsed(*edited), target);

        // Taking the entry out again gives back the very bytes (when the list was there).
        if (!inserted.isEmpty()) {
            list->removeLast();
            const auto back = editPolicyText(*edited, target);
            QVERIFY(back);
            QCOMPARE(*back, text);
        }
    }

    void newKeysFollowTheFileIndentation()
    {
        const QByteArray text("{\n\t\"sandbox\": true,\n\t\"permissions\": {\n\t\t\"deny_net\": true\n\t}\n}\n");
        Policy target = parsed(text);
        target.permissions.allowRead << QStringLiteral("/x");
        target.timeoutMs = 5000;
        const auto edited = editPolicyText(text, target);
        QVERIFY(edited);
        QCOMPARE(*edited, QByteArray("{\n\t\"sandbox\": true,\n\t\"permissions\": {\n\t\t\"deny_net\": true,\n\t\t\"allow_read\": [\n\t\t\t\"/x\"\n\t\t]\n\t},\n"
                                     "\t\"options\": {\n\t\t\"timeout_ms\": 5000\n\t}\n}\n"));
        // A file that writes its arrays inline gets a new one inline too.
        const QByteArray inlineStyle("{\n  \"permissions\": {\n    \"allow_net\": [\"a.example:443\"]\n  }\n}");
        Policy more = parsed(inlineStyle);
        more.permissions.allowRead << QStringLiteral("/x");
        QCOMPARE(*editPolicyText(inlineStyle, more),
                 QByteArray("{\n  \"permissions\": {\n    \"allow_net\": [\"a.example:443\"],\n    \"allow_read\": [\"/x\"]\n  }\n}"));
    }

    void removingAnEntryTakesOnlyItAndOneComma_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("middle") << QByteArray("{\"permissions\": {\"allow_read\": [\"/a\", \"/gone\", \"/c\"]}}")
                                << QByteArray("{\"permissions\": {\"allow_read\": [\"/a\", \"/c\"]}}");
        QTest::newRow("last-multiline") << QByteArray("{\n  \"permissions\": {\n    \"allow_read\": [\n      \"/a\",\n      \"/gone\"\n    ]\n  }\n}")
                                        << QByteArray("{\n  \"permissions\": {\n    \"allow_read\": [\n      \"/a\"\n    ]\n  }\n}");
        QTest::newRow("first") << QByteArray("{\"permissions\": {\"allow_read\": [\"/gone\",\"/a\"]}}")
                               << QByteArray("{\"permissions\": {\"allow_read\": [\"/a\"]}}");
        // The list stays (empty), as the user wrote it: not deleted.
        QTest::newRow("only") << QByteArray("{\"permissions\": {\"allow_read\": [ \"/gone\" ], \"allow_write\": []}}")
                              << QByteArray("{\"permissions\": {\"allow_read\": [ ], \"allow_write\": []}}");
        QTest::newRow("crlf") << QByteArray("{\r\n \"permissions\": {\r\n  \"allow_read\": [\r\n   \"/gone\",\r\n   \"/a\"\r\n  ]\r\n }\r\n}\r\n")
                              << QByteArray("{\r\n \"permissions\": {\r\n  \"allow_read\": [\r\n   \"/a\"\r\n  ]\r\n }\r\n}\r\n");
    }

    void removingAnEntryTakesOnlyItAndOneComma()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, expected);
        Policy target = parsed(text);
        target.permissions.allowRead.removeAll(QStringLiteral("/gone"));
        const auto edited = editPolicyText(text, target);
        QVERIFY(edited);
        QCOMPARE(*edited, expected);
    }

    // What the form changes: switches, options, variables; each in place.
    void formEditsAreInPlace()
    {
        const QByteArray text("{\n  \"options\": {\"timeout_ms\": 1000, \"max_memory_mb\": 256,\n    \"env\": {\"A\": \"1\", \"B\": \"2\"}},\n"
                              "  \"permissions\": {\"deny_net\": true},\n  \"sandbox\": false\n}\n");
        Policy target = parsed(text);
        target.timeoutMs = 2500;
        QCOMPARE(*editPolicyText(text, target), QByteArray(text).replace("1000", "2500"));
        target = parsed(text);
        target.permissions.denyNet = false;
        target.sandbox = true;
        QCOMPARE(*editPolicyText(text, target), QByteArray(text).replace("\"deny_net\": true", "\"deny_net\": false")
                                                        .replace("\"sandbox\": false", "\"sandbox\": true"));
        target = parsed(text);
        target.maxMemoryMb.reset();
        QCOMPARE(*editPolicyText(text, target), QByteArray(text).replace(" \"max_memory_mb\": 256,", ""));
        target = parsed(text);
        target.env.remove(QStringLiteral("B"));
        target.env.insert(QStringLiteral("A"), QStringLiteral("x\"y"));
        QCOMPARE(*editPolicyText(text, target), QByteArray(text).replace("{\"A\": \"1\", \"B\": \"2\"}", "{\"A\": \"x\\\"y\"}"));
        // An unchanged policy is the unchanged text.
        QCOMPARE(*editPolicyText(text, parsed(text)), text);
    }

    // Ask lists and their timeout are edited in place like allow lists; a policy with an agent
    // server's approvals section stays editable (its entries' places are no part of its meaning).
    void askListsAndApprovalsAreEditedInPlace()
    {
        const QByteArray text("{\n  \"permissions\": {\"ask_read\": [\"/data/a\"], \"allow_env\": [\"HOME\"]},\n"
                              "  \"options\": {\"ask_timeout_ms\": 60000},\n"
                              "  \"approvals\": {\"rules\": [{\"tool\": \"code.run\", \"action\": \"ask\"}]},\n  \"sandbox\": true\n}\n");
        Policy target = parsed(text);
        target.permissions.askRead << QStringLiteral("/data/b");
        QCOMPARE(*editPolicyText(text, target), QByteArray(text).replace("[\"/data/a\"]", "[\"/data/a\", \"/data/b\"]"));
        target = parsed(text);
        target.permissions.askRead.clear();
        auto removed = editPolicyText(text, target);
        QVERIFY2(removed, qPrintable(removed ? QString() : removed.error().message));
        QVERIFY(!removed->contains("/data/a") && removed->contains("\"approvals\""));
        target = parsed(text);
        target.permissions.askNet = {QStringLiteral("api.example.com:443")};
        target.askTimeoutMs = 5000;
        auto added = editPolicyText(text, target);
        QVERIFY2(added, qPrintable(added ? QString() : added.error().message));
        QVERIFY(added->contains("\"ask_net\"") && added->contains("5000") && !added->contains("60000"));
        QCOMPARE(parsed(*added), target);
        // The same rules read from a text that has a line more above them are the same rules.
        const QByteArray shifted = QByteArray("\n") + text;
        QCOMPARE(parsed(shifted), parsed(text));
    }

    void aTextThatIsNoPolicyIsRefusedNotRewritten_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("where");
        QTest::newRow("syntax") << QByteArray("{\n  \"permissions\": {\n    \"allow_read\": [\"/a\" \"/b\"]\n  }\n}") << "line 3, column";
        QTest::newRow("duplicate-key") << QByteArray("{\"permissions\": {\"allow_read\": [\"/a\"]},\n \"permissions\": {}}") << "line 2, column 2";
        QTest::newRow("unclosed") << QByteArray("{\"permissions\": {\"allow_read\": [\"/a\"") << "line 1, column";
        QTest::newRow("unknown-key") << QByteArray("{\"permisions\": {}}") << "1:2";
    }

    void aTextThatIsNoPolicyIsRefusedNotRewritten()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, where);
        Policy target;
        target.permissions.allowRead << QStringLiteral("/x");
        const auto edited = editPolicyText(text, target);
        QVERIFY(!edited);
        QVERIFY2(edited.error().message.contains(where), qPrintable(edited.error().message));
        QVERIFY(edited.error().message.contains(QStringLiteral("left as it is")));
    }

    // Hidden characters are written as escapes, and every awkward string reads back as itself.
    void newEntriesAreQuotedSafely()
    {
        QCOMPARE(JsonTextEditor::quote(QStringLiteral("a\"b\\c\n")), QByteArray("\"a\\\"b\\\\c\\n\""));
        QCOMPARE(JsonTextEditor::quote(QStringLiteral("report\u202egnp.sh")), QByteArray("\"report\\u202Egnp.sh\""));
        QCOMPARE(JsonTextEditor::quote(QStringLiteral("\uFEFFx")), QByteArray("\"\\uFEFFx\""));
        QCOMPARE(JsonTextEditor::quote(QStringLiteral("日本 \U0001F600")), QStringLiteral("\"日本 \U0001F600\"").toUtf8());
        const QByteArray text("{\"permissions\": {\"allow_read\": [\"/a\"]}}");
        for (const QString &awkward : {QStringLiteral("/x]\"},{["), QStringLiteral("/y\\\"z"), QStringLiteral("/* c */ // d"),
                                       QStringLiteral("/ü/日本/\U0001F600")}) {
            Policy target = parsed(text);
            target.permissions.allowRead << awkward;
            const auto edited = editPolicyText(text, target);
            QVERIFY(edited);
            QCOMPARE(parsed(*edited).permissions.allowRead.last(), awkward);
            QVERIFY(onlyPunctuationBesides(insertedRun(text, *edited), JsonTextEditor::quote(awkward)));
        }
    }

    void deepNestingAndHugeFiles()
    {
        // 200 levels of arrays inside an object: the path still finds the right one.
        QByteArray deep = "{\"a\": " + QByteArray(200, '[') + "\"x\"" + QByteArray(200, ']') + ", \"b\": [\"y\"]}";
        auto editor = JsonTextEditor::open(deep);
        QVERIFY(editor);
        QVERIFY(editor->insertString({QStringLiteral("b")}, -1, QStringLiteral("z")));
        QCOMPARE(editor->text(), QByteArray(deep).replace("[\"y\"]", "[\"y\", \"z\"]"));
        QVERIFY(!JsonTextEditor::open("{\"a\": " + QByteArray(300, '[') + QByteArray(300, ']') + "}"));

        // A policy near the 4 MiB limit: 60,000 entries, one added, fast and in place.
        QByteArray huge("{\n  \"permissions\": {\n    \"allow_read\": [\n");
        for (int i = 0; i < 60000; ++i)
            huge += "      \"/data/file-" + QByteArray::number(i) + "\",\n";
        huge += "      \"/data/last\"\n    ]\n  }\n}\n";
        Policy target = parsed(huge);
        target.permissions.allowRead << QStringLiteral("/data/new");
        QElapsedTimer timer;
        timer.start();
        const auto edited = editPolicyText(huge, target);
        QVERIFY(edited);
        QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(insertedRun(huge, *edited), QByteArray(",\n      \"/data/new\""));
    }

    void lowLevelEditsAtAJsonPath()
    {
        auto editor = JsonTextEditor::open("{\n  \"a\": {\"list\": [\"1\", \"3\"]},\n  \"n\": 1\n}\n");
        QVERIFY(editor);
        QVERIFY(editor->insertString({QStringLiteral("a"), QStringLiteral("list")}, 1, QStringLiteral("2")));
        QVERIFY(editor->setValue({QStringLiteral("n")}, 2));
        QVERIFY(editor->setValue({QStringLiteral("b"), QStringLiteral("c")}, true));
        QVERIFY(editor->removeItem({QStringLiteral("a"), QStringLiteral("list")}, 0));
        QCOMPARE(editor->text(), QByteArray("{\n  \"a\": {\"list\": [\"2\", \"3\"]},\n  \"n\": 2,\n  \"b\": {\n    \"c\": true\n  }\n}\n"));
        QVERIFY(!editor->removeItem({QStringLiteral("n")}, 0));
        QVERIFY(!editor->insertString({QStringLiteral("n"), QStringLiteral("x")}, 0, QStringLiteral("v")));
        QVERIFY(editor->removeKey({QStringLiteral("b")}));
        QVERIFY(editor->removeKey({QStringLiteral("n")}));
        QCOMPARE(editor->text(), QByteArray("{\n  \"a\": {\"list\": [\"2\", \"3\"]}\n}\n"));
    }
};

QTEST_GUILESS_MAIN(TestPolicyTextEdit)
#include "tst_policytextedit.moc"
