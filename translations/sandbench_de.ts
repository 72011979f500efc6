<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
    <context>
        <name>AllowScope</name>
        <message>
            <location filename="../core/models/allowscope.cpp" line="23" />
            <source>%1 (%2): %3</source>
            <translation>%1 (%2): %3</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="33" />
            <location filename="../core/models/allowscope.cpp" line="37" />
            <source>this file</source>
            <translation>diese Datei</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="42" />
            <source>its folder</source>
            <translation>ihr Ordner</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="47" />
            <source>this host and port</source>
            <translation>dieser Host und Port</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="52" />
            <source>the host on any port: %1 is a cloud metadata endpoint</source>
            <translation>der Host auf jedem Port: %1 ist ein Cloud-Metadatenendpunkt</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="56" />
            <source>the host, any port</source>
            <translation>der Host, jeder Port</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="67" />
            <source>every name under %1</source>
            <translation>jeder Name unter %1</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="85" />
            <source>this address and port</source>
            <translation>diese Adresse und dieser Port</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="87" />
            <source>this variable</source>
            <translation>diese Variable</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="89" />
            <source>this program</source>
            <translation>dieses Programm</translation>
        </message>
    </context>
    <context>
        <name>PolicyMarks</name>
        <message>
            <location filename="../ui/panels/policymarks.cpp" line="46" />
            <source>Error</source>
            <translation>Fehler</translation>
        </message>
        <message>
            <location filename="../ui/panels/policymarks.cpp" line="47" />
            <source>Warning</source>
            <translation>Warnung</translation>
        </message>
        <message>
            <location filename="../ui/panels/policymarks.cpp" line="50" />
            <source>Note</source>
            <translation>Hinweis</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/policymarks.cpp" line="81" />
            <source>%n lint finding(s)</source>
            <translation>
                <numerusform>%n Prüfbefund</numerusform>
                <numerusform>%n Prüfbefunde</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/policymarks.cpp" line="87" />
            <source>Unused in this run: "%1" in %2 allowed nothing</source>
            <translation>In diesem Lauf ungenutzt: „%1“ in %2 hat nichts erlaubt</translation>
        </message>
        <message>
            <location filename="../ui/panels/policymarks.cpp" line="94" />
            <source>%1 would allow it</source>
            <translation>%1 würde es erlauben</translation>
        </message>
        <message>
            <location filename="../ui/panels/policymarks.cpp" line="95" />
            <source>no entry can allow it</source>
            <translation>kein Eintrag kann es erlauben</translation>
        </message>
        <message>
            <location filename="../ui/panels/policymarks.cpp" line="96" />
            <source>Denied in this run (%1×): %2 %3 — %4</source>
            <translation>In diesem Lauf verweigert (%1×): %2 %3 — %4</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/policymarks.cpp" line="102" />
            <source>in this run: %n unused grant(s)</source>
            <translation>
                <numerusform>in diesem Lauf: %n ungenutzte Erlaubnis</numerusform>
                <numerusform>in diesem Lauf: %n ungenutzte Erlaubnisse</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/policymarks.cpp" line="103" />
            <source>%n denied resource(s)</source>
            <translation>
                <numerusform>%n verweigerte Ressource</numerusform>
                <numerusform>%n verweigerte Ressourcen</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>QObject</name>
        <message>
            <location filename="../ui/doctordialog.cpp" line="23" />
            <source>Layers: not checked</source>
            <translation>Schichten: nicht geprüft</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="25" />
            <source>Layers: all held</source>
            <translation>Schichten: alle halten</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/doctordialog.cpp" line="26" />
            <source>Layers: %n missing: %1</source>
            <translation>
                <numerusform>Schichten: %n fehlt: %1</numerusform>
                <numerusform>Schichten: %n fehlen: %1</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Sandbench::AgentCallsModel</name>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="101" />
            <source>refused (%1): %2</source>
            <translation>abgelehnt (%1): %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="104" />
            <source>error</source>
            <translation>Fehler</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="104" />
            <source>error: %1</source>
            <translation>Fehler: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="106" />
            <source>ok</source>
            <translation>ok</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="155" />
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="157" />
            <source>%1 allowed, %2 denied</source>
            <translation>%1 erlaubt, %2 verweigert</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="181" />
            <source>#</source>
            <translation>#</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="182" />
            <source>Time</source>
            <translation>Zeit</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="183" />
            <source>Tool</source>
            <translation>Werkzeug</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="184" />
            <source>Arguments</source>
            <translation>Argumente</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="185" />
            <source>Outcome</source>
            <translation>Ergebnis</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="186" />
            <source>Duration</source>
            <translation>Dauer</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="187" />
            <source>Decisions</source>
            <translation>Entscheidungen</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::AgentSessionView</name>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="53" />
            <source>… (%1 more characters)</source>
            <translation>… (%1 weitere Zeichen)</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="57" />
            <source>
… (cut: %1 characters in all)</source>
            <translation>
… (gekürzt: %1 Zeichen insgesamt)</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="95" />
            <source>The image is over %1 MiB; not shown.</source>
            <translation>Das Bild ist größer als %1 MiB und wird nicht gezeigt.</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="100" />
            <source>The image is not valid base64.</source>
            <translation>Das Bild ist kein gültiges Base64.</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="110" />
            <source>The image is %1×%2 pixels, over the %3 a side shown.</source>
            <translation>Das Bild hat %1×%2 Pixel, mehr als die %3 je Seite, die gezeigt werden.</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="112" />
            <source>The image is not a PNG: %1</source>
            <translation>Das Bild ist kein PNG: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="117" />
            <source>The image could not be decoded: %1</source>
            <translation>Das Bild konnte nicht dekodiert werden: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="130" />
            <source>The selected call's arguments</source>
            <translation>Die Argumente des gewählten Aufrufs</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="131" />
            <source>What the selected call answered</source>
            <translation>Was der gewählte Aufruf geantwortet hat</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="163" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="163" />
            <source>Action</source>
            <translation>Aktion</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="163" />
            <source>Resource</source>
            <translation>Ressource</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="163" />
            <source>Decision</source>
            <translation>Entscheidung</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="163" />
            <source>Rule</source>
            <translation>Regel</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="234" />
            <source>%1 (%2)</source>
            <translation>%1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="237" />
            <source>client not introduced yet</source>
            <translation>Client hat sich noch nicht vorgestellt</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="238" />
            <source>client %1 %2</source>
            <translation>Client %1 %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="240" />
            <source>protocol %1</source>
            <translation>Protokoll %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="241" />
            <source>over %1</source>
            <translation>über %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="242" />
            <source>recorded %1</source>
            <translation>aufgezeichnet %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="243" />
            <source>tool sets: %1</source>
            <translation>Werkzeugsätze: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="243" />
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="245" />
            <source>image %1</source>
            <translation>Image %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="247" />
            <source>network %1</source>
            <translation>Netzwerk %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/agentsessionview.cpp" line="248" />
            <source>%n call(s)</source>
            <translation>
                <numerusform>%n Aufruf</numerusform>
                <numerusform>%n Aufrufe</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="258" />
            <source>ended: %1</source>
            <translation>beendet: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="260" />
            <source>live: the server is still running; new calls show as they are made</source>
            <translation>live: der Server läuft noch; neue Aufrufe erscheinen, sobald sie gemacht werden</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="262" />
            <source>no end: the server is still running or died before closing the session</source>
            <translation>kein Ende: der Server läuft noch oder starb, bevor er die Sitzung schloss</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="264" />
            <source>(its last line was cut off)</source>
            <translation>(ihre letzte Zeile ist abgeschnitten)</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="297" />
            <source>Stopped following it: %1</source>
            <translation>Nicht mehr verfolgt: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="370" />
            <source>Decoding the screenshot…</source>
            <translation>Bildschirmfoto wird dekodiert …</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::AllowScopeDialog</name>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="68" />
            <source>Allow Denied Access</source>
            <translation>Verweigerten Zugriff erlauben</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="70" />
            <source>Denied resources</source>
            <translation>Verweigerte Ressourcen</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="71" />
            <source>Allow</source>
            <translation>Erlauben</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="71" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="71" />
            <source>Resource</source>
            <translation>Ressource</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="71" />
            <source>Denials</source>
            <translation>Verweigerungen</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="71" />
            <source>Scope</source>
            <translation>Umfang</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="88" />
            <location filename="../ui/allowscopedialog.cpp" line="95" />
            <source>Not ticked: %1</source>
            <translation>Nicht angehakt: %1</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="99" />
            <location filename="../ui/allowscopedialog.cpp" line="120" />
            <location filename="../ui/allowscopedialog.cpp" line="131" />
            <source>Not offered:</source>
            <translation>Nicht angeboten:</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="109" />
            <source>not offered</source>
            <translation>nicht angeboten</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="116" />
            <source>Scope for %1</source>
            <translation>Umfang für %1</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="139" />
            <source>Policy changes</source>
            <translation>Änderungen an der Richtlinie</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="146" />
            <source>&amp;Apply to Policy</source>
            <translation>In Richtlinie ü&amp;bernehmen</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="147" />
            <source>Put the changed policy into the policy editor (not saved yet)</source>
            <translation>Die geänderte Richtlinie in den Richtlinieneditor übernehmen (noch nicht gespeichert)</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="151" />
            <source>Choose how wide each rule reaches. Folders such as / or your home folder are never offered.</source>
            <translation>Wählen Sie, wie weit jede Regel reicht. Ordner wie / oder Ihr Benutzerordner werden nie angeboten.</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="158" />
            <source>The policy changes like this:</source>
            <translation>Die Richtlinie ändert sich so:</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="216" />
            <source>Nothing chosen: the policy stays as it is.</source>
            <translation>Nichts gewählt: die Richtlinie bleibt, wie sie ist.</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/allowscopedialog.cpp" line="217" />
            <source>%Ln rule(s) to add.</source>
            <translation>
                <numerusform>%Ln Regel hinzuzufügen.</numerusform>
                <numerusform>%Ln Regeln hinzuzufügen.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="224" />
            <source>Look again before you apply:</source>
            <translation>Vor dem Übernehmen noch einmal prüfen:</translation>
        </message>
        <message>
            <source>The policy text cannot take the rules: %1</source>
            <translation>Der Richtlinientext kann die Regeln nicht aufnehmen: %1</translation>
        </message>
        <message>
            <source>Nothing can be applied until the policy text reads again.</source>
            <translation>Nichts kann angewendet werden, bis der Richtlinientext wieder lesbar ist.</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::AuditLogModel</name>
        <message>
            <source>closed after %1 ms</source>
            <translation>nach %1 ms geschlossen</translation>
        </message>
        <message>
            <source>closed: %1 bytes out, %2 bytes in, %3 ms</source>
            <translation>geschlossen: %1 Bytes gesendet, %2 Bytes empfangen, %3 ms</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="79" />
            <source>unreadable line</source>
            <translation>unlesbare Zeile</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="92" />
            <source>allowed by %1</source>
            <translation>erlaubt durch %1</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="168" />
            <source>(all)</source>
            <translation>(alle)</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="189" />
            <source>#</source>
            <translation>#</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="190" />
            <source>Time</source>
            <translation>Zeit</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="191" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="192" />
            <source>Action</source>
            <translation>Aktion</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="193" />
            <source>Resource</source>
            <translation>Ressource</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="194" />
            <source>Decision</source>
            <translation>Entscheidung</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="195" />
            <source>Rule</source>
            <translation>Regel</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="196" />
            <source>Reason</source>
            <translation>Grund</translation>
        </message>
        <message>
            <source>(the script's own code)</source>
            <translation>(der Code des Skripts)</translation>
        </message>
        <message>
            <source>(the code of %1)</source>
            <translation>(der Code von %1)</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::AuditPanel</name>
        <message>
            <source>#%1 closed: a connection allowed by %2.</source>
            <translation>#%1 geschlossen: eine durch %2 erlaubte Verbindung.</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="113" />
            <source>Allow this</source>
            <translation>Erlauben</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="114" />
            <source>&amp;Allow Selected Denials…</source>
            <translation>Ausgewählte Verweigerungen &amp;erlauben …</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="115" />
            <source>Allow All &amp;Denials of This Run…</source>
            <translation>Alle &amp;Verweigerungen dieses Laufs erlauben …</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="128" />
            <source>Permission decisions</source>
            <translation>Berechtigungsentscheidungen</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="148" />
            <source>Decision</source>
            <translation>Entscheidung</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="157" />
            <source>All kinds</source>
            <translation>Alle Arten</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="160" />
            <source>All decisions</source>
            <translation>Alle Entscheidungen</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="161" />
            <source>Allowed</source>
            <translation>Erlaubt</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="162" />
            <source>Denied</source>
            <translation>Verweigert</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="163" />
            <source>Filter by path, host, rule…</source>
            <translation>Nach Pfad, Host, Regel filtern …</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="166" />
            <source>Allow the selected denials</source>
            <translation>Die ausgewählten Verweigerungen erlauben</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="175" />
            <source>Add rules that allow the selected denied accesses to the policy, choosing the scope of each (%1)</source>
            <translation>Regeln zur Richtlinie hinzufügen, die die ausgewählten verweigerten Zugriffe erlauben, mit wählbarem Umfang für jeden (%1)</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="178" />
            <source>Add rules for every distinct denial of this run or log</source>
            <translation>Regeln für jede einzelne Verweigerung dieses Laufs oder Protokolls hinzufügen</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="193" />
            <source>Open audit log</source>
            <translation>Geöffnetes Prüfprotokoll</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="196" />
            <source>Why the current row was decided so</source>
            <translation>Warum die aktuelle Zeile so entschieden wurde</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="199" />
            <source>Open an audit log file</source>
            <translation>Eine Prüfprotokolldatei öffnen</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="200" />
            <source>Kind filter</source>
            <translation>Filter nach Art</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="201" />
            <source>Decision filter</source>
            <translation>Filter nach Entscheidung</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="202" />
            <source>Text filter</source>
            <translation>Textfilter</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="233" />
            <source>indexed in %1 ms</source>
            <translation>indiziert in %1 ms</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="237" />
            <source>filtered in %1 ms</source>
            <translation>gefiltert in %1 ms</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="239" />
            <source>indexed</source>
            <translation>indiziert</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="260" />
            <source>filtering…</source>
            <translation>wird gefiltert …</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="266" />
            <source>indexing…</source>
            <translation>wird indiziert …</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="332" />
            <source>%1 of %2 lines shown</source>
            <translation>%1 von %2 Zeilen angezeigt</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="332" />
            <source>%1 of %2 decisions shown</source>
            <translation>%1 von %2 Entscheidungen angezeigt</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="333" />
            <source>%1 allowed</source>
            <translation>%1 erlaubt</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="334" />
            <source>%1 denied</source>
            <translation>%1 verweigert</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="338" />
            <source>%1 more only in the audit file</source>
            <translation>%1 weitere nur in der Prüfdatei</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="397" />
            <source>Select a row to see what decided it.</source>
            <translation>Eine Zeile wählen, um zu sehen, was sie entschieden hat.</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="406" />
            <source>This line is not an audit event.</source>
            <translation>Diese Zeile ist kein Prüfereignis.</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="408" />
            <source>(no rule named)</source>
            <translation>(keine Regel genannt)</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="411" />
            <source>#%1 allowed by %2.</source>
            <translation>#%1 erlaubt durch %2.</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="413" />
            <source>#%1 denied by %2: %3</source>
            <translation>#%1 verweigert durch %2: %3</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="416" />
            <source>allowed by adding %1</source>
            <translation>erlaubt durch Hinzufügen von %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="423" />
            <source>allows it</source>
            <translation>erlaubt es</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="423" />
            <source>denies it</source>
            <translation>verweigert es</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="424" />
            <source>The policy in the editor %1 (%2)</source>
            <translation>Die Richtlinie im Editor: %1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="426" />
            <source>to change that: %1</source>
            <translation>um das zu ändern: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="428" />
            <source>but look again: %1</source>
            <translation>aber prüfen Sie: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="198" />
            <source>Open Log…</source>
            <translation>Protokoll öffnen …</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="278" />
            <location filename="../ui/panels/auditpanel.cpp" line="284" />
            <source>Open Audit Log</source>
            <translation>Prüfprotokoll öffnen</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="279" />
            <source>Audit logs (*.jsonl *.log);;All files (*)</source>
            <translation>Prüfprotokolle (*.jsonl *.log);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="336" />
            <source>%1 unreadable</source>
            <translation>%1 unlesbar</translation>
        </message>
        <message>
            <source>Opened the audit log %1: %2 lines, %3 allowed, %4 denied</source>
            <translation>Prüfprotokoll %1 geöffnet: %2 Zeilen, %3 erlaubt, %4 verweigert</translation>
        </message>
        <message>
            <source>%1 not audit events</source>
            <translation>%1 keine Prüfereignisse</translation>
        </message>
        <message>
            <source>The audit log %1 is empty: it holds no decisions.</source>
            <translation>Das Prüfprotokoll %1 ist leer: Es enthält keine Entscheidungen.</translation>
        </message>
        <message>
            <source>the filter shows %1 of them</source>
            <translation>der Filter zeigt %1 davon</translation>
        </message>
        <message>
            <source>No audit log opened.</source>
            <translation>Kein Prüfprotokoll geöffnet.</translation>
        </message>
        <message>
            <source>Cannot open the audit log %1: %2</source>
            <translation>Das Prüfprotokoll %1 kann nicht geöffnet werden: %2</translation>
        </message>
        <message>
            <source>There is no decision to allow: the audit log is empty.</source>
            <translation>Es gibt keine Entscheidung zu erlauben: Das Prüfprotokoll ist leer.</translation>
        </message>
        <message>
            <source>Select a denied row first (arrow keys or a click).</source>
            <translation>Wählen Sie zuerst eine verweigerte Zeile (Pfeiltasten oder ein Klick).</translation>
        </message>
        <message>
            <source>Row %1 is not an audit event: there is nothing to allow.</source>
            <translation>Zeile %1 ist kein Prüfereignis: Es gibt nichts zu erlauben.</translation>
        </message>
        <message>
            <source>#%1 was allowed: there is nothing to allow.</source>
            <translation>#%1 wurde erlaubt: Es gibt nichts zu erlauben.</translation>
        </message>
        <message>
            <source>#%1 was denied, but no policy rule can allow a %2 access: the policy has no allow list for it.</source>
            <translation>#%1 wurde verweigert, aber keine Richtlinienregel kann einen %2-Zugriff erlauben: Die Richtlinie hat dafür keine Erlaubnisliste.</translation>
        </message>
        <message>
            <source>The selected rows hold no denial a policy rule can allow.</source>
            <translation>Die gewählten Zeilen enthalten keine Verweigerung, die eine Richtlinienregel erlauben kann.</translation>
        </message>
        <message>
            <source>#%1 denied by %2.</source>
            <translation>#%1 verweigert durch %2.</translation>
        </message>
        <message>
            <source>but look again, lint says: “%1”</source>
            <translation>aber prüfen Sie es nochmals, die Prüfung meldet: “%1”</translation>
        </message>
        <message>
            <source>Engine's message to the script (as sent): “%1”</source>
            <translation>Meldung der Engine an das Skript (wie gesendet): “%1”</translation>
        </message>
        <message>
            <source>There is no denial in the audit log.</source>
            <translation>Das Prüfprotokoll enthält keine Verweigerung.</translation>
        </message>
        <message>
            <source>No denial in the next %L1 rows: press the key again to look further.</source>
            <translation>Keine Verweigerung in den nächsten %L1 Zeilen: Drücken Sie die Taste erneut, um weiterzusuchen.</translation>
        </message>
        <message>
            <source>The rows shown hold no denial (the filter may hide them).</source>
            <translation>Die angezeigten Zeilen enthalten keine Verweigerung (der Filter blendet sie vielleicht aus).</translation>
        </message>
        <message>
            <source>Add the selected denied hosts to this sandbox&apos;s list for the next New… (%1)</source>
            <translation>Die gewählten abgelehnten Hosts der Liste dieser Sandbox für das nächste Neu… hinzufügen (%1)</translation>
        </message>
        <message>
            <source>sandbox %1</source>
            <translation>Sandbox %1</translation>
        </message>
        <message>
            <source>Allow this adds %1 to the list of the next new sandbox</source>
            <translation>„Dies erlauben“ fügt %1 der Liste der nächsten neuen Sandbox hinzu</translation>
        </message>
        <message>
            <source>The proxy&apos;s reason: %1</source>
            <translation>Begründung des Proxys: %1</translation>
        </message>
        <message>
            <source>%1 bytes out, %2 bytes in, %3 ms</source>
            <translation>%1 Bytes gesendet, %2 Bytes empfangen, %3 ms</translation>
        </message>
        <message>
            <source>The sandbox has made no connection yet.</source>
            <translation>Die Sandbox hat noch keine Verbindung aufgebaut.</translation>
        </message>
        <message>
            <source>Select a denied connection first (arrow keys or a click).</source>
            <translation>Wählen Sie zuerst eine abgelehnte Verbindung (Pfeiltasten oder Klick).</translation>
        </message>
        <message>
            <source>%1 is in the sandbox&apos;s list already.</source>
            <translation>%1 steht schon in der Liste der Sandbox.</translation>
        </message>
        <message>
            <source>#%1 is not a connection a host can be allowed for.</source>
            <translation>#%1 ist keine Verbindung, für die ein Host erlaubt werden kann.</translation>
        </message>
        <message>
            <source>The selected rows hold no denied connection to allow.</source>
            <translation>Die gewählten Zeilen enthalten keine abgelehnte Verbindung zum Erlauben.</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ConsolePanel</name>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="31" />
            <source>Follow</source>
            <translation>Mitlaufen</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="40" />
            <source>Output of the script appears here. F5 runs it.</source>
            <translation>Hier erscheint die Ausgabe des Skripts. F5 führt es aus.</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="42" />
            <source>Keep the newest output in view</source>
            <translation>Die neueste Ausgabe im Blick behalten</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="45" />
            <source>Copy</source>
            <translation>Kopieren</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="46" />
            <source>Copy the selection, or everything when nothing is selected</source>
            <translation>Die Auswahl kopieren, oder alles, wenn nichts ausgewählt ist</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="49" />
            <source>Clear</source>
            <translation>Leeren</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="52" />
            <source>Find</source>
            <translation>Suchen</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="55" />
            <source>Find in output</source>
            <translation>In der Ausgabe suchen</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="59" />
            <source>Next match</source>
            <translation>Nächster Treffer</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="62" />
            <source>Previous match</source>
            <translation>Vorheriger Treffer</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="138" />
            <source>[… %1 bytes of output skipped to keep up; the run result keeps the head and tail …]</source>
            <translation>[… %1 Bytes Ausgabe übersprungen, um Schritt zu halten; das Laufergebnis enthält Anfang und Ende …]</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="298" />
            <source>Run %1</source>
            <translation>Lauf %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="299" />
            <source>Run %1 — audit log: %2</source>
            <translation>Lauf %1 — Prüfprotokoll: %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="303" />
            <source>Could not run: %1</source>
            <translation>Ausführung nicht möglich: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="308" />
            <source>exit code %1</source>
            <translation>Exit-Code %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="310" />
            <source>timed out</source>
            <translation>Zeitlimit überschritten</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="312" />
            <source>stopped</source>
            <translation>gestoppt</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="314" />
            <source>output truncated</source>
            <translation>Ausgabe gekürzt</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="315" />
            <source>%1 allowed, %2 denied</source>
            <translation>%1 erlaubt, %2 verweigert</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="316" />
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="317" />
            <source>Finished: %1</source>
            <translation>Beendet: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="324" />
            <source>Run %1 (%2)</source>
            <translation>Lauf %1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="328" />
            <source>[%1 more bytes were not kept for the history]</source>
            <translation>[%1 weitere Bytes wurden für den Verlauf nicht aufbewahrt]</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="1" />
            <source>Run %1 — %2</source>
            <translation>Lauf %1 — %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="1" />
            <source>Could not run. The engine's message, as it gave it:</source>
            <translation>Konnte nicht ausgeführt werden. Meldung der Engine, unverändert:</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::DesktopPanel</name>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="28" />
            <source>Then Enter</source>
            <translation>Dann Enter</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="34" />
            <source>Press Enter in the sandbox after the text (an empty box sends Enter alone)</source>
            <translation>Nach dem Text Enter in der Sandbox drücken (ein leeres Feld sendet nur Enter)</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="49" />
            <source>Text to type into the sandbox; Return sends it</source>
            <translation>Text für die Sandbox; Eingabe sendet ihn</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="25" />
            <source>Live</source>
            <translation>Live</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="46" />
            <source> fps</source>
            <translation> fps</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="47" />
            <source>Screenshots per second; a slow sandbox gives fewer</source>
            <translation>Bildschirmfotos pro Sekunde; eine langsame Sandbox liefert weniger</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="50" />
            <source>Snapshot</source>
            <translation>Momentaufnahme</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="51" />
            <source>Save PNG…</source>
            <translation>PNG speichern …</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="92" />
            <source>Save screenshot</source>
            <translation>Bildschirmfoto speichern</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="93" />
            <source>PNG images (*.png)</source>
            <translation>PNG-Bilder (*.png)</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="95" />
            <source>Cannot write %1</source>
            <translation>%1 kann nicht geschrieben werden</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="113" />
            <source>click at %1, %2</source>
            <translation>Klick bei %1, %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="117" />
            <source>scroll</source>
            <translation>Scrollen</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="141" />
            <source>This sandbox's image has no desktop</source>
            <translation>Das Abbild dieser Sandbox hat keinen Desktop</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="141" />
            <source>No sandbox</source>
            <translation>Keine Sandbox</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="147" />
            <source>The sandbox is gone</source>
            <translation>Die Sandbox ist nicht mehr da</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="147" />
            <source>The sandbox was released</source>
            <translation>Die Sandbox wurde freigegeben</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="150" />
            <source>Connecting to %1…</source>
            <translation>Verbindung zu %1 …</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="178" />
            <source>No screen: %1</source>
            <translation>Kein Bildschirm: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="185" />
            <source>The sandbox sent an unreadable screenshot</source>
            <translation>Die Sandbox hat ein unlesbares Bildschirmfoto gesendet</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="190" />
            <source>%1 × %2, %3 ms per frame</source>
            <translation>%1 × %2, %3 ms pro Bild</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="194" />
            <source>start</source>
            <translation>Start</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="194" />
            <source>after input</source>
            <translation>nach Eingabe</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="219" />
            <source>typing</source>
            <translation>Tippen</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="245" />
            <source>%1 failed: %2</source>
            <translation>%1 fehlgeschlagen: %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="275" />
            <source>snapshot</source>
            <translation>Momentaufnahme</translation>
        </message>
        <message>
            <source>1:1</source>
            <translation>1:1</translation>
        </message>
        <message>
            <source>Show the sandbox's screen at its real size and scroll it, or fitted to the panel</source>
            <translation>Den Bildschirm der Sandbox in Originalgröße zeigen und verschieben, oder in das Feld eingepasst</translation>
        </message>
        <message>
            <source>Real size</source>
            <translation>Originalgröße</translation>
        </message>
        <message>
            <source>Paused</source>
            <translation>Angehalten</translation>
        </message>
        <message>
            <source>%1 × %2, streaming</source>
            <translation>%1 × %2, Stream läuft</translation>
        </message>
        <message>
            <source>%1 × %2, streaming, %3 frames per second</source>
            <translation>%1 × %2, Stream läuft, %3 Bilder pro Sekunde</translation>
        </message>
        <message>
            <source>%1 × %2, streaming, the screen is still</source>
            <translation>%1 × %2, Stream läuft, der Bildschirm ist unverändert</translation>
        </message>
        <message>
            <source>The desktop stream closed (%1); connecting again…</source>
            <translation>Der Desktop-Stream wurde geschlossen (%1); neue Verbindung …</translation>
        </message>
        <message>
            <source>No desktop stream (%1): taking screenshots instead</source>
            <translation>Kein Desktop-Stream (%1): stattdessen Bildschirmfotos</translation>
        </message>
        <message>
            <source>Screenshots per second when the desktop cannot be streamed; a slow sandbox gives fewer</source>
            <translation>Bildschirmfotos pro Sekunde, wenn der Desktop nicht gestreamt werden kann; eine langsame Sandbox liefert weniger</translation>
        </message>
        <message>
            <source>%1 (screenshots: no stream, %2)</source>
            <translation>%1 (Bildschirmfotos: kein Stream, %2)</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::DesktopView</name>
        <message>
            <location filename="../ui/panels/desktopview.cpp" line="49" />
            <source>No screen yet</source>
            <translation>Noch kein Bildschirm</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::DoctorDialog</name>
        <message>
            <location filename="../ui/doctordialog.cpp" line="36" />
            <source>Run &amp;Again</source>
            <translation>&amp;Erneut prüfen</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="39" />
            <source>Layers of this machine</source>
            <translation>Schichten dieses Rechners</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="41" />
            <source>Each layer the README promises is proved by trying it here, now: a namespace, a rule, a cgroup, the broker, a probe sandbox. Not checked yet.</source>
            <translation>Jede Schicht, die das README verspricht, wird hier und jetzt durch einen Versuch bewiesen: ein Namensraum, eine Regel, eine Cgroup, der Broker, eine Test-Sandbox. Noch nicht geprüft.</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="44" />
            <source>State</source>
            <translation>Zustand</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="44" />
            <source>Layer</source>
            <translation>Schicht</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="44" />
            <source>Why</source>
            <translation>Warum</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="49" />
            <source>Layers and their state</source>
            <translation>Schichten und ihr Zustand</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="82" />
            <source>Checking each layer on this machine…</source>
            <translation>Jede Schicht auf diesem Rechner wird geprüft…</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="115" />
            <source>Every layer holds on this machine.</source>
            <translation>Jede Schicht hält auf diesem Rechner.</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="116" />
            <source>%1. A run or sandbox that needs a missing layer refuses to start, naming it.</source>
            <translation>%1. Ein Lauf oder eine Sandbox, die eine fehlende Schicht braucht, startet nicht und nennt sie.</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::DoctorStatus</name>
        <message>
            <location filename="../ui/doctorstatus.cpp" line="15" />
            <source>Prove each layer (namespaces, Landlock, cgroups, the broker, the sandboxes' lock-down) on this machine</source>
            <translation>Jede Schicht auf diesem Rechner beweisen (Namensräume, Landlock, Cgroups, der Broker, die Abschottung der Sandboxes)</translation>
        </message>
        <message>
            <location filename="../ui/doctorstatus.cpp" line="16" />
            <source>Layers of this machine</source>
            <translation>Schichten dieses Rechners</translation>
        </message>
        <message>
            <location filename="../ui/doctorstatus.cpp" line="24" />
            <source>Layers: checking…</source>
            <translation>Schichten: wird geprüft…</translation>
        </message>
        <message>
            <location filename="../ui/doctorstatus.cpp" line="26" />
            <source>Layers: checking… %1 of %2</source>
            <translation>Schichten: wird geprüft… %1 von %2</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::LiveSessionsList</name>
        <message>
            <location filename="../ui/panels/livesessionslist.cpp" line="55" />
            <source>Live</source>
            <translation>Live</translation>
        </message>
        <message>
            <location filename="../ui/panels/livesessionslist.cpp" line="59" />
            <source>Agent sessions whose server (sandbench-cli mcp) is running; choose one to follow it</source>
            <translation>Agentensitzungen, deren Server (sandbench-cli mcp) läuft; eine wählen, um ihr zu folgen</translation>
        </message>
        <message>
            <location filename="../ui/panels/livesessionslist.cpp" line="145" />
            <source>Live: none</source>
            <translation>Live: keine</translation>
        </message>
        <message>
            <location filename="../ui/panels/livesessionslist.cpp" line="145" />
            <source>Live (%1)</source>
            <translation>Live (%1)</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::MainWindow</name>
        <message>
            <source>The next runs get %1 as placeholders.</source>
            <translation>Die nächsten Läufe erhalten %1 als Platzhalter.</translation>
        </message>
        <message>
            <source>Runs get no secrets.</source>
            <translation>Läufe erhalten keine Geheimnisse.</translation>
        </message>
        <message>
            <source>Runs get: %1 (Ctrl+Alt+K)</source>
            <translation>Läufe erhalten: %1 (Strg+Alt+K)</translation>
        </message>
        <message>
            <source>API keys the runs use without seeing them (Ctrl+Alt+K)</source>
            <translation>API-Schlüssel, die Läufe benutzen, ohne sie zu sehen (Strg+Alt+K)</translation>
        </message>
        <message>
            <source>Secre&amp;ts…</source>
            <translation>&amp;Geheimnisse …</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="145" />
            <source>&amp;Welcome</source>
            <translation>&amp;Willkommen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="146" />
            <source>&amp;User Guide</source>
            <translation>&amp;Benutzerhandbuch</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="103" />
            <source>Replay Under the &amp;Editor's Policy</source>
            <translation>Unter der Richtlinie im &amp;Editor wiedergeben</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowwelcome.cpp" line="22" />
            <source>Welcome</source>
            <translation>Willkommen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowwelcome.cpp" line="67" />
            <source>Sandbench User Guide</source>
            <translation>Sandbench-Benutzerhandbuch</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowwelcome.cpp" line="69" />
            <source>Contents</source>
            <translation>Inhalt</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowwelcome.cpp" line="70" />
            <source>Back</source>
            <translation>Zurück</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowwelcome.cpp" line="53" />
            <source>Opened the example “%1”. F5 runs it.</source>
            <translation>Beispiel „%1“ geöffnet. F5 führt es aus.</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="93" />
            <source>Script</source>
            <translation>Skript</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="94" />
            <source>Policy</source>
            <translation>Richtlinie</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="95" />
            <source>Console</source>
            <translation>Konsole</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="96" />
            <source>Audit Log</source>
            <translation>Prüfprotokoll</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="97" />
            <source>Run History</source>
            <translation>Lauf-Verlauf</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="98" />
            <source>Sessions</source>
            <translation>Sitzungen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="154" />
            <source>Run %1 was not recorded as a session: %2</source>
            <translation>Lauf %1 wurde nicht als Sitzung aufgezeichnet: %2</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="176" />
            <source>Ready. F5 runs the script under the policy.</source>
            <translation>Bereit. F5 führt das Skript unter der Richtlinie aus.</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="178" />
            <source>Ready. Sandboxes are unavailable: %1</source>
            <translation>Bereit. Sandboxen sind nicht verfügbar: %1</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="194" />
            <source>Sandboxes</source>
            <translation>Sandboxen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="195" />
            <source>Desktop</source>
            <translation>Desktop</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="196" />
            <source>Port Preview</source>
            <translation>Port-Vorschau</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/mainwindow.cpp" line="320" />
            <source>Added %Ln rule(s) to the policy (not saved yet)</source>
            <translation>
                <numerusform>%Ln Regel zur Richtlinie hinzugefügt (noch nicht gespeichert)</numerusform>
                <numerusform>%Ln Regeln zur Richtlinie hinzugefügt (noch nicht gespeichert)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="32" />
            <source>Unsaved changes to the script %1</source>
            <translation>Ungespeicherte Änderungen am Skript %1</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="35" />
            <source>Unsaved changes to the policy (never saved to a file)</source>
            <translation>Ungespeicherte Änderungen an der Richtlinie (nie in eine Datei gespeichert)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="36" />
            <source>Unsaved changes to the policy %1</source>
            <translation>Ungespeicherte Änderungen an der Richtlinie %1</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="47" />
            <source>The run of %1</source>
            <translation>Der Lauf von %1</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="50" />
            <source>The replay of %1</source>
            <translation>Die Wiederholung von %1</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="54" />
            <source>Sandbox %1 (%2)</source>
            <translation>Sandbox %1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="55" />
            <source>default image</source>
            <translation>Standardabbild</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="68" />
            <source>Quit Sandbench</source>
            <translation>Sandbench beenden</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="71" />
            <source>Quitting ends what is still alive:</source>
            <translation>Beenden beendet, was noch läuft:</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="72" />
            <source>&amp;Quit Anyway</source>
            <translation>Trotzdem &amp;beenden</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="74" />
            <source>Quitting loses unsaved changes:</source>
            <translation>Beim Beenden gehen ungespeicherte Änderungen verloren:</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="75" />
            <source>Quitting loses unsaved changes and ends what is still alive:</source>
            <translation>Beim Beenden gehen ungespeicherte Änderungen verloren, und was noch läuft, wird beendet:</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="76" />
            <source>&amp;Discard and Quit</source>
            <translation>&amp;Verwerfen und beenden</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="77" />
            <source>&amp;Save and Quit</source>
            <translation>&amp;Speichern und beenden</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="86" />
            <source>Not quitting: not everything was saved.</source>
            <translation>Nicht beendet: nicht alles wurde gespeichert.</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="27" />
            <source>&amp;File</source>
            <translation>&amp;Datei</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="28" />
            <source>&amp;New Script</source>
            <translation>&amp;Neues Skript</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="32" />
            <source>&amp;Open Script…</source>
            <translation>Skript ö&amp;ffnen …</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="36" />
            <source>Open &amp;Recent</source>
            <translation>&amp;Zuletzt geöffnet</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="37" />
            <source>&amp;Save Script</source>
            <translation>Skript &amp;speichern</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="38" />
            <source>Save Script &amp;As…</source>
            <translation>Skript speichern &amp;unter …</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="40" />
            <source>Open &amp;Policy…</source>
            <translation>&amp;Richtlinie öffnen …</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="42" />
            <source>Save Po&amp;licy</source>
            <translation>Richtlinie spei&amp;chern</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="44" />
            <source>Save Policy As…</source>
            <translation>Richtlinie speichern unter …</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="47" />
            <source>Open Audit &amp;Log…</source>
            <translation>Prüf&amp;protokoll öffnen …</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="50" />
            <source>Open Sess&amp;ion…</source>
            <translation>Sitzung ö&amp;ffnen …</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="55" />
            <source>Save Run as Sessio&amp;n…</source>
            <translation>Lauf als Sitzu&amp;ng speichern …</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="59" />
            <source>Se&amp;ttings…</source>
            <translation>&amp;Einstellungen …</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="61" />
            <source>&amp;Quit</source>
            <translation>&amp;Beenden</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="65" />
            <source>&amp;Policy</source>
            <translation>&amp;Richtlinie</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="66" />
            <source>&amp;Undo Policy Edit</source>
            <translation>Richtlinienänderung &amp;rückgängig</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="68" />
            <source>&amp;Redo Policy Edit</source>
            <translation>Richtlinienänderung &amp;wiederholen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="73" />
            <source>&amp;Allow Selected Denial…</source>
            <translation>Ausgewählte Verweigerung &amp;erlauben …</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="79" />
            <source>Add a rule for the denied access selected in the audit log</source>
            <translation>Eine Regel für den im Prüfprotokoll ausgewählten verweigerten Zugriff hinzufügen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="83" />
            <source>&amp;Templates</source>
            <translation>&amp;Vorlagen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="88" />
            <location filename="../ui/mainwindowmenus.cpp" line="89" />
            <source>&amp;Run</source>
            <translation>&amp;Ausführen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="91" />
            <source>Run the script under the policy (F5)</source>
            <translation>Das Skript unter der Richtlinie ausführen (F5)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="92" />
            <source>&amp;Stop</source>
            <translation>&amp;Stopp</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="95" />
            <source>Stop the run and everything it started (Shift+F5)</source>
            <translation>Den Lauf und alles, was er gestartet hat, beenden (Umschalt+F5)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="98" />
            <source>Re&amp;play Session</source>
            <translation>Sitzung &amp;wiederholen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="109" />
            <source>Stop</source>
            <translation>Stopp</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="113" />
            <source>&amp;View</source>
            <translation>&amp;Ansicht</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="125" />
            <source>Show and focus the %1 panel; closes it when it has the focus</source>
            <translation>Den Bereich %1 zeigen und fokussieren; schließt ihn, wenn er den Fokus hat</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="134" />
            <source>&amp;Next Panel</source>
            <translation>&amp;Nächster Bereich</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="137" />
            <source>&amp;Previous Panel</source>
            <translation>&amp;Vorheriger Bereich</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="141" />
            <source>Reset &amp;Layout</source>
            <translation>&amp;Layout zurücksetzen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="144" />
            <source>&amp;Help</source>
            <translation>&amp;Hilfe</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="147" />
            <source>&amp;Keyboard Shortcuts</source>
            <translation>&amp;Tastenkürzel</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="149" />
            <source>Check &amp;Layers…</source>
            <translation>&amp;Schichten prüfen…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="152" />
            <source>&amp;About Sandbench</source>
            <translation>&amp;Über Sandbench</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="153" />
            <source>About Sandbench</source>
            <translation>Über Sandbench</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="154" />
            <source>&lt;h3&gt;Sandbench %1&lt;/h3&gt;&lt;p&gt;Runs code an AI agent wrote under rules you can read, edit and audit. Every permission check is decided by Sandbench and logged.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;Sandbench %1&lt;/h3&gt;&lt;p&gt;Führt Code, den ein KI-Agent geschrieben hat, unter Regeln aus, die Sie lesen, bearbeiten und prüfen können. Jede Berechtigungsprüfung entscheidet Sandbench und protokolliert sie.&lt;/p&gt;</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="77" />
            <location filename="../ui/mainwindowsessions.cpp" line="105" />
            <source>Save Session</source>
            <translation>Sitzung speichern</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="78" />
            <source>No run has a session to save yet. Run a script first (F5); with session recording on (Settings), every run can be saved.</source>
            <translation>Noch hat kein Lauf eine Sitzung zum Speichern. Führen Sie zuerst ein Skript aus (F5); mit eingeschalteter Sitzungsaufzeichnung (Einstellungen) lässt sich jeder Lauf speichern.</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="91" />
            <source>Save Session of Run %1</source>
            <translation>Sitzung von Lauf %1 speichern</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="92" />
            <source>Sandbench sessions (*.sbsession)</source>
            <translation>Sandbench-Sitzungen (*.sbsession)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="99" />
            <source>Saving the session of run %1…</source>
            <translation>Sitzung von Lauf %1 wird gespeichert …</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="106" />
            <source>The session of run %1 was not saved: %2</source>
            <translation>Die Sitzung von Lauf %1 wurde nicht gespeichert: %2</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="109" />
            <source>Saved the session of run %1 to %2 (%3)</source>
            <translation>Sitzung von Lauf %1 in %2 gespeichert (%3)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="108" />
            <location filename="../ui/mainwindowmenus.cpp" line="160" />
            <source>Run</source>
            <translation>Ausführen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="181" />
            <source>Open Script</source>
            <translation>Skript öffnen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="181" />
            <source>Cannot open %1: %2</source>
            <translation>%1 kann nicht geöffnet werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="248" />
            <source>unsaved policy</source>
            <translation>ungespeicherte Richtlinie</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="251" />
            <source>%1%2 — %3%4 — Sandbench</source>
            <translation>%1%2 — %3%4 — Sandbench</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="278" />
            <source>The policy has an error: %1</source>
            <translation>Die Richtlinie enthält einen Fehler: %1</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="279" />
            <source>the policy has an error</source>
            <translation>die Richtlinie enthält einen Fehler</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="61" />
            <source>Run %1 (%2)</source>
            <translation>Lauf %1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="68" />
            <source>Tabs: %1</source>
            <translation>Reiter: %1</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="105" />
            <source>Script editor</source>
            <translation>Skripteditor</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="106" />
            <source>Policy JSON editor</source>
            <translation>JSON-Editor der Richtlinie</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="107" />
            <source>Console output</source>
            <translation>Konsolenausgabe</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="108" />
            <source>Run history</source>
            <translation>Verlauf der Läufe</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="109" />
            <source>Live agent sessions</source>
            <translation>Laufende Agentensitzungen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="110" />
            <source>Live sandboxes</source>
            <translation>Laufende Sandboxen</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="111" />
            <source>Command to run in the sandbox</source>
            <translation>Befehl, der in der Sandbox ausgeführt wird</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="112" />
            <source>Command output</source>
            <translation>Befehlsausgabe</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="113" />
            <source>Folder in the sandbox</source>
            <translation>Ordner in der Sandbox</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="114" />
            <source>Files in the sandbox</source>
            <translation>Dateien in der Sandbox</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="115" />
            <source>File content</source>
            <translation>Dateiinhalt</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="116" />
            <source>Sandbox desktop</source>
            <translation>Desktop der Sandbox</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="117" />
            <source>Screenshots per second</source>
            <translation>Bildschirmfotos pro Sekunde</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="118" />
            <source>Text to type into the sandbox</source>
            <translation>Text, der in die Sandbox getippt wird</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="119" />
            <source>Desktop timeline</source>
            <translation>Zeitleiste des Desktops</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="120" />
            <source>Port</source>
            <translation>Port</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="121" />
            <source>Address</source>
            <translation>Adresse</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="122" />
            <source>Port preview</source>
            <translation>Port-Vorschau</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="130" />
            <source>Audit log</source>
            <translation>Prüfprotokoll</translation>
        </message>
        <message>
            <source>%1 — Run %2</source>
            <translation>%1 — Lauf %2</translation>
        </message>
        <message>
            <source>Policy — marks from Run %1</source>
            <translation>Richtlinie — Markierungen aus Lauf %1</translation>
        </message>
        <message>
            <source>Save Sessio&amp;n of Run %1…</source>
            <translation>Sitzu&amp;ng von Lauf %1 speichern …</translation>
        </message>
        <message>
            <source>Run %1 is still running: its output and audit log stay in view until it ends.</source>
            <translation>Lauf %1 läuft noch: Seine Ausgabe und sein Prüfprotokoll bleiben sichtbar, bis er endet.</translation>
        </message>
        <message>
            <source>it is still being recorded</source>
            <translation>sie wird noch aufgezeichnet</translation>
        </message>
        <message>
            <source>it was not recorded</source>
            <translation>sie wurde nicht aufgezeichnet</translation>
        </message>
        <message>
            <source>Run %1 has no session to save: %2</source>
            <translation>Lauf %1 hat keine Sitzung zum Speichern: %2</translation>
        </message>
        <message>
            <source>%1 (example)</source>
            <translation>%1 (Beispiel)</translation>
        </message>
        <message>
            <source>The script is empty: type some code or open a file (Ctrl+O).</source>
            <translation>Das Skript ist leer: Geben Sie Code ein oder öffnen Sie eine Datei (Strg+O).</translation>
        </message>
        <message>
            <source>the script is empty</source>
            <translation>das Skript ist leer</translation>
        </message>
        <message>
            <source>Go to &amp;Next Denial</source>
            <translation>Zur &amp;nächsten Verweigerung</translation>
        </message>
        <message>
            <source>Go to Pre&amp;vious Denial</source>
            <translation>Zur &amp;vorigen Verweigerung</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="1" />
            <source>Run %1 — %2</source>
            <translation>Lauf %1 — %2</translation>
        </message>
        <message>
            <source>The next new sandbox allows %1 too (Sandboxes, New…)</source>
            <translation>Die nächste neue Sandbox erlaubt auch %1 (Sandboxes, Neu…)</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::PolicyEditorPanel</name>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="74" />
            <source>Templates</source>
            <translation>Vorlagen</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="244" />
            <source>✔ Valid policy</source>
            <translation>✔ Gültige Richtlinie</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="225" />
            <source>Line %1, column %2: %3</source>
            <translation>Zeile %1, Spalte %2: %3</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="42" />
            <source>Go to error</source>
            <translation>Zum Fehler</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="227" />
            <source>The form is read-only until the policy reads again: line %1, column %2: %3</source>
            <translation>Das Formular ist schreibgeschützt, bis die Richtlinie wieder lesbar ist: Zeile %1, Spalte %2: %3</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="297" />
            <source>the policy</source>
            <translation>die Richtlinie</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="334" />
            <location filename="../ui/panels/policyeditorpanel.cpp" line="340" />
            <source>Open Policy</source>
            <translation>Richtlinie öffnen</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="335" />
            <source>Policies (*.json);;All files (*)</source>
            <translation>Richtlinien (*.json);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="340" />
            <source>Cannot open %1: %2</source>
            <translation>%1 kann nicht geöffnet werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="352" />
            <location filename="../ui/panels/policyeditorpanel.cpp" line="369" />
            <source>Save Policy</source>
            <translation>Richtlinie speichern</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="352" />
            <location filename="../ui/panels/policyeditorpanel.cpp" line="369" />
            <source>Cannot save %1: %2</source>
            <translation>%1 kann nicht gespeichert werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="360" />
            <source>Save Policy As</source>
            <translation>Richtlinie speichern unter</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="362" />
            <source>Policies (*.json)</source>
            <translation>Richtlinien (*.json)</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="380" />
            <source>Unsaved Policy</source>
            <translation>Ungespeicherte Richtlinie</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="380" />
            <source>The policy has unsaved changes. Save them?</source>
            <translation>Die Richtlinie hat ungespeicherte Änderungen. Speichern?</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="396" />
            <source>Deny everything</source>
            <translation>Alles verweigern</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="398" />
            <source>Read-only working folder</source>
            <translation>Arbeitsordner nur lesbar</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="400" />
            <source>One network host</source>
            <translation>Ein Netzwerk-Host</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="406" />
            <source>Apply Template</source>
            <translation>Vorlage anwenden</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="407" />
            <source>Replace the current policy with “%1”?</source>
            <translation>Die aktuelle Richtlinie durch „%1“ ersetzen?</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="410" />
            <source>Merge keeps your entries and adds the template's to them.</source>
            <translation>Zusammenführen behält Ihre Einträge und fügt die der Vorlage hinzu.</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="411" />
            <source>The policy has an error, so it cannot be merged; Undo brings the text back after a replace.</source>
            <translation>Die Richtlinie hat einen Fehler und kann nicht zusammengeführt werden; nach dem Ersetzen holt Rückgängig den Text zurück.</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="413" />
            <source>Replace</source>
            <translation>Ersetzen</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="415" />
            <source>Merge</source>
            <translation>Zusammenführen</translation>
        </message>
        <message>
            <source>Not changed: %1</source>
            <translation>Nicht geändert: %1</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::PolicyForm</name>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="44" />
            <source>/path/to/read</source>
            <translation>/pfad/zum/lesen</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="44" />
            <source>/path/to/write</source>
            <translation>/pfad/zum/schreiben</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="44" />
            <location filename="../ui/panels/policyform.cpp" line="45" />
            <source>host:port</source>
            <translation>host:port</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="44" />
            <source>VARIABLE</source>
            <translation>VARIABLE</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="45" />
            <source>program</source>
            <translation>programm</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="45" />
            <source>/folder</source>
            <translation>/ordner</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="45" />
            <source>package@version</source>
            <translation>paket@version</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="46" />
            <source>NAME=value</source>
            <translation>NAME=wert</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="52" />
            <source>Permissions</source>
            <translation>Berechtigungen</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="53" />
            <source>Limits</source>
            <translation>Grenzen</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="54" />
            <location filename="../ui/panels/policyform.cpp" line="83" />
            <source>Environment</source>
            <translation>Umgebung</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="64" />
            <source>Sandbox: allow only what a list names</source>
            <translation>Sandbox: nur erlauben, was eine Liste nennt</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="65" />
            <source>Deny file system</source>
            <translation>Dateisystem verweigern</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="66" />
            <source>Deny network</source>
            <translation>Netzwerk verweigern</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="67" />
            <source>Deny environment</source>
            <translation>Umgebung verweigern</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="68" />
            <source>Deny subprocesses</source>
            <translation>Unterprozesse verweigern</translation>
        </message>
        <message>
            <source>Ask a person first (each use waits for an answer; none in time denies)</source>
            <translation>Erst eine Person fragen (jede Nutzung wartet auf eine Antwort; ohne Antwort rechtzeitig wird verweigert)</translation>
        </message>
        <message>
            <source>Ask: read</source>
            <translation>Fragen: lesen</translation>
        </message>
        <message>
            <source>Ask: write</source>
            <translation>Fragen: schreiben</translation>
        </message>
        <message>
            <source>Ask: network</source>
            <translation>Fragen: Netzwerk</translation>
        </message>
        <message>
            <source>Ask: environment</source>
            <translation>Fragen: Umgebung</translation>
        </message>
        <message>
            <source>Ask: run</source>
            <translation>Fragen: ausführen</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="79" />
            <source>Read</source>
            <translation>Lesen</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="80" />
            <source>Write</source>
            <translation>Schreiben</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="81" />
            <source>Network</source>
            <translation>Netzwerk</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="82" />
            <source>Listen</source>
            <translation>Lauschen</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="84" />
            <source>Run</source>
            <translation>Ausführen</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="95" />
            <source> ms</source>
            <translation> ms</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="96" />
            <location filename="../ui/panels/policyform.cpp" line="101" />
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="100" />
            <source> MB</source>
            <translation> MB</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="105" />
            <source> bytes</source>
            <translation> Bytes</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="107" />
            <source>random</source>
            <translation>zufällig</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="110" />
            <source>real time (e.g. 2026-01-01T00:00:00Z)</source>
            <translation>echte Zeit (z. B. 2026-01-01T00:00:00Z)</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="111" />
            <source>Timeout</source>
            <translation>Zeitlimit</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="112" />
            <source>Memory</source>
            <translation>Speicher</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="113" />
            <source>Output cap</source>
            <translation>Ausgabegrenze</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="114" />
            <source>Seed</source>
            <translation>Seed</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="115" />
            <source>Frozen time</source>
            <translation>Eingefrorene Zeit</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="135" />
            <source>the policy file's folder</source>
            <translation>der Ordner der Richtliniendatei</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="137" />
            <source>Working folder</source>
            <translation>Arbeitsordner</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="138" />
            <source>Read-only folders</source>
            <translation>Nur lesbare Ordner</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="139" />
            <source>Packages</source>
            <translation>Pakete</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="140" />
            <source>Variables</source>
            <translation>Variablen</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::PortPreviewPanel</name>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="33" />
            <source>Reload</source>
            <translation>Neu laden</translation>
        </message>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="34" />
            <source>Open in browser</source>
            <translation>Im Browser öffnen</translation>
        </message>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="38" />
            <source>Port:</source>
            <translation>Port:</translation>
        </message>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="56" />
            <source>Nothing answered on %1</source>
            <translation>Auf %1 hat nichts geantwortet</translation>
        </message>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="72" />
            <source>The sandbox is no longer alive</source>
            <translation>Die Sandbox lebt nicht mehr</translation>
        </message>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="113" />
            <source>This sandbox serves no port</source>
            <translation>Diese Sandbox stellt keinen Port bereit</translation>
        </message>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="113" />
            <source>No sandbox</source>
            <translation>Keine Sandbox</translation>
        </message>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="116" />
            <source>Loading %1…</source>
            <translation>%1 wird geladen …</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ReplayNote</name>
        <message>
            <source>%1 %2: </source>
            <translation>%1 %2: </translation>
        </message>
        <message>
            <source>%1: %2 more entries: </source>
            <translation>%1: %2 weitere Einträge: </translation>
        </message>
        <message>
            <source>%1: a replay always runs in the sandbox</source>
            <translation>%1: ein Replay läuft immer in der Sandbox</translation>
        </message>
        <message>
            <source>a host path; only the bundle&apos;s copies are read</source>
            <translation>ein Pfad des Rechners; gelesen werden nur die Kopien im Bündel</translation>
        </message>
        <message>
            <source>a host path; a replay writes only in its copy of the workdir</source>
            <translation>ein Pfad des Rechners; ein Replay schreibt nur in seine Kopie des Arbeitsordners</translation>
        </message>
        <message>
            <source>a host folder; only the bundle&apos;s copies are read</source>
            <translation>ein Ordner des Rechners; gelesen werden nur die Kopien im Bündel</translation>
        </message>
        <message>
            <source>a replay has no network</source>
            <translation>ein Replay hat kein Netzwerk</translation>
        </message>
        <message>
            <source>a replay runs no host programs</source>
            <translation>ein Replay startet keine Programme des Rechners</translation>
        </message>
        <message>
            <source>the value of %1 was not recorded; the replay does not give it</source>
            <translation>der Wert von %1 wurde nicht aufgezeichnet; das Replay gibt ihn nicht</translation>
        </message>
        <message>
            <source>the recording had no timeout; the replay stops after %1 s</source>
            <translation>die Aufzeichnung hatte kein Zeitlimit; das Replay endet nach %1 s</translation>
        </message>
        <message>
            <source>%1 (a replay runs in the sandbox)</source>
            <translation>%1 (ein Replay läuft in der Sandbox)</translation>
        </message>
        <message>
            <source>allow_read %1</source>
            <translation>allow_read %1</translation>
        </message>
        <message>
            <source>allow_write %1</source>
            <translation>allow_write %1</translation>
        </message>
        <message>
            <source>read_only_dirs %1</source>
            <translation>read_only_dirs %1</translation>
        </message>
        <message>
            <source>allow_env %1 (a variable of this machine)</source>
            <translation>allow_env %1 (eine Variable dieses Rechners)</translation>
        </message>
        <message>
            <source>allow_run %1</source>
            <translation>allow_run %1</translation>
        </message>
        <message>
            <source>workdir %1 (a host folder)</source>
            <translation>workdir %1 (ein Ordner des Rechners)</translation>
        </message>
        <message>
            <source>widened by the replay policy: </source>
            <translation>durch die Replay-Richtlinie erweitert: </translation>
        </message>
        <message>
            <source>the replay policy allows network access; a replay has no network</source>
            <translation>die Replay-Richtlinie erlaubt Netzwerkzugriff; ein Replay hat kein Netzwerk</translation>
        </message>
        <message>
            <source>refused: </source>
            <translation>abgelehnt: </translation>
        </message>
        <message>
            <source>the replay policy allows other packages than the recording; they are not in the bundle</source>
            <translation>die Replay-Richtlinie erlaubt andere Pakete als die Aufzeichnung; sie sind nicht im Bündel</translation>
        </message>
        <message>
            <source>recorded with Deno %1, replayed with %2</source>
            <translation>aufgezeichnet mit Deno %1, wiedergegeben mit %2</translation>
        </message>
        <message>
            <source>the runtime binary differs from the recorded one (sha256 %1)</source>
            <translation>die Laufzeit-Binärdatei unterscheidet sich von der aufgezeichneten (sha256 %1)</translation>
        </message>
        <message>
            <source>recording: </source>
            <translation>Aufzeichnung: </translation>
        </message>
        <message>
            <source>recorded with network %1, replayed without network</source>
            <translation>aufgezeichnet mit Netzwerk %1, wiedergegeben ohne Netzwerk</translation>
        </message>
        <message>
            <source>environment values were not recorded: %1</source>
            <translation>Umgebungswerte wurden nicht aufgezeichnet: %1</translation>
        </message>
        <message>
            <source>values given for the replay (not recorded): %1</source>
            <translation>für die Wiedergabe angegebene Werte (nicht aufgezeichnet): %1</translation>
        </message>
        <message>
            <source>command environment values were not recorded: %1</source>
            <translation>Umgebungswerte des Befehls wurden nicht aufgezeichnet: %1</translation>
        </message>
        <message>
            <source>the replay sandbox was not released: %1</source>
            <translation>die Sandbox des Replays wurde nicht freigegeben: %1</translation>
        </message>
        <message>
            <source>call %1 (%2) was cancelled by the client and is not replayed</source>
            <translation>Aufruf %1 (%2) wurde vom Client abgebrochen und wird nicht wiederholt</translation>
        </message>
        <message>
            <source>call %1 (%2) is not replayed: an offline sandbox publishes no ports</source>
            <translation>Aufruf %1 (%2) wird nicht wiederholt: eine Sandbox ohne Netzwerk veröffentlicht keine Ports</translation>
        </message>
        <message>
            <source>call %1 (code.run) was not replayed: its exec session is not in the file</source>
            <translation>Aufruf %1 (code.run) wurde nicht wiederholt: seine Exec-Sitzung ist nicht in der Datei</translation>
        </message>
        <message>
            <source>the sandbox &quot;%1&quot; had the network; the replay runs it offline</source>
            <translation>die Sandbox %1 hatte Netzwerk; das Replay führt sie ohne Netzwerk aus</translation>
        </message>
        <message>
            <source>call %1 (%2) did not run: recorded decision %3, not asked again</source>
            <translation>Aufruf %1 (%2) lief nicht: aufgezeichnete Entscheidung %3, nicht erneut gefragt</translation>
        </message>
        <message>
            <source>call %1 (%2) runs on the recorded decision %3, not asked again</source>
            <translation>Aufruf %1 (%2) läuft nach der aufgezeichneten Entscheidung %3, nicht erneut gefragt</translation>
        </message>
        <message>
            <source>%1: a replay asks nobody; the recorded answers stand</source>
            <translation>%1: eine Wiederholung fragt niemanden; die aufgezeichneten Antworten gelten</translation>
        </message>
        <message>
            <source>the sandbox &quot;%1&quot; had variables kept by name only (%2); the replay runs it without them</source>
            <translation>die Sandbox „%1“ hatte nur dem Namen nach aufgezeichnete Variablen (%2); die Wiederholung läuft ohne sie</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::RunHistoryModel</name>
        <message>
            <source>Secrets (the code saw placeholders):
%1</source>
            <translation>Geheimnisse (der Code sah Platzhalter):
%1</translation>
        </message>
        <message>
            <source>%1 for %2</source>
            <translation>%1 für %2</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="58" />
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="63" />
            <source>ready to save</source>
            <translation>bereit zum Speichern</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="65" />
            <source>recording</source>
            <translation>wird aufgezeichnet</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="66" />
            <source>not kept</source>
            <translation>nicht behalten</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="77" />
            <source>Run</source>
            <translation>Lauf</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="78" />
            <source>Started</source>
            <translation>Gestartet</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="79" />
            <source>Script</source>
            <translation>Skript</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="80" />
            <source>Status</source>
            <translation>Status</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="81" />
            <source>Duration</source>
            <translation>Dauer</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="82" />
            <source>Allowed</source>
            <translation>Erlaubt</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="83" />
            <source>Denied</source>
            <translation>Verweigert</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="84" />
            <source>Session</source>
            <translation>Sitzung</translation>
        </message>
        <message>
            <source>Saved to %1</source>
            <translation>Gespeichert unter %1</translation>
        </message>
        <message>
            <source>saved: %1</source>
            <translation>gespeichert: %1</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::RunHistoryPanel</name>
        <message>
            <location filename="../ui/panels/runhistorypanel.cpp" line="18" />
            <location filename="../ui/panels/runhistorypanel.cpp" line="69" />
            <source>Save Session…</source>
            <translation>Sitzung speichern …</translation>
        </message>
        <message>
            <location filename="../ui/panels/runhistorypanel.cpp" line="19" />
            <location filename="../ui/panels/runhistorypanel.cpp" line="70" />
            <source>Open in Sessions</source>
            <translation>In Sitzungen öffnen</translation>
        </message>
        <message>
            <location filename="../ui/panels/runhistorypanel.cpp" line="37" />
            <source>Save the selected run as a .sbsession file that replays offline (Ctrl+Alt+S)</source>
            <translation>Den gewählten Lauf als .sbsession-Datei speichern, die offline wiederholt werden kann (Strg+Alt+S)</translation>
        </message>
        <message>
            <location filename="../ui/panels/runhistorypanel.cpp" line="39" />
            <source>Show the selected run in the Sessions panel, to replay and compare it</source>
            <translation>Den gewählten Lauf im Bereich Sitzungen zeigen, um ihn zu wiederholen und zu vergleichen</translation>
        </message>
        <message>
            <location filename="../ui/panels/runhistorypanel.cpp" line="88" />
            <source>Select a run first</source>
            <translation>Wählen Sie zuerst einen Lauf</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::RunStatusWidget</name>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="32" />
            <location filename="../ui/panels/runstatuswidget.cpp" line="95" />
            <source>Ready</source>
            <translation>Bereit</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="37" />
            <source>Seed: %1</source>
            <translation>Seed: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="37" />
            <source>Seed: random</source>
            <translation>Seed: zufällig</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="39" />
            <source>Time: frozen at %1</source>
            <translation>Zeit: eingefroren auf %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="42" />
            <source>Time: real</source>
            <translation>Zeit: echt</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="61" />
            <source>Running… %1 s</source>
            <translation>Läuft … %1 s</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="69" />
            <source>Timed out</source>
            <translation>Zeitlimit überschritten</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="71" />
            <source>Stopped</source>
            <translation>Gestoppt</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="73" />
            <source>Out of memory</source>
            <translation>Speicher erschöpft</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="75" />
            <source>Exit code %1</source>
            <translation>Exit-Code %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="77" />
            <source>Output truncated</source>
            <translation>Ausgabe gekürzt</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="78" />
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="103" />
            <source>Could not run: %1</source>
            <translation>Ausführung nicht möglich: %1</translation>
        </message>
        <message>
            <source>Run %1:</source>
            <translation>Lauf %1:</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="1" />
            <source>Could not run. The engine's message: “%1”</source>
            <translation>Konnte nicht ausgeführt werden. Meldung der Engine: “%1”</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SandboxCreateDialog</name>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="1" />
            <source>e.g. OPENAI_API_KEY@api.openai.com; GH_TOKEN@api.github.com</source>
            <translation>z. B. OPENAI_API_KEY@api.openai.com; GH_TOKEN@api.github.com</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="1" />
            <source>NAME@HOST[,HOST...], separated by semicolons. The value is Sandbench&apos;s environment variable NAME, or a file&apos;s content with NAME@HOST=file:/absolute/path: the sandbox sees only a placeholder, which the proxy replaces for those hosts. Values are never shown or saved.</source>
            <translation>NAME@HOST[,HOST...], durch Semikolons getrennt. Der Wert ist Sandbenchs Umgebungsvariable NAME oder mit NAME@HOST=file:/absoluter/pfad der Inhalt einer Datei: Die Sandbox sieht nur einen Platzhalter, den der Proxy für diese Hosts ersetzt. Werte werden nie angezeigt oder gespeichert.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="1" />
            <source>&amp;Secrets:</source>
            <translation>&amp;Geheimnisse:</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="1" />
            <source>Reading the secrets&apos; files…</source>
            <translation>Die Dateien der Geheimnisse werden gelesen …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="66" />
            <source>e.g. 8080, 3000</source>
            <translation>z. B. 8080, 3000</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="67" />
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="160" />
            <source>Ports are served only with network "all".</source>
            <translation>Ports werden nur mit Netzwerk „all“ bereitgestellt.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="29" />
            <source>New sandbox</source>
            <translation>Neue Sandbox</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="48" />
            <source> s</source>
            <translation> s</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="49" />
            <source>At most %1 s, the pool's maximum</source>
            <translation>Höchstens %1 s, das Maximum des Pools</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="58" />
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="62" />
            <source>default</source>
            <translation>Standard</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="61" />
            <source> MiB</source>
            <translation> MiB</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="63" />
            <source>KEY=value, one per line</source>
            <translation>SCHLÜSSEL=wert, einer pro Zeile</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="74" />
            <source>&amp;Image:</source>
            <translation>&amp;Abbild:</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="75" />
            <source>&amp;Lifetime:</source>
            <translation>&amp;Lebensdauer:</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="76" />
            <source>&amp;Network:</source>
            <translation>&amp;Netzwerk:</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="77" />
            <source>&amp;CPUs:</source>
            <translation>&amp;CPUs:</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="78" />
            <source>&amp;Memory:</source>
            <translation>&amp;Speicher:</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="79" />
            <source>&amp;Environment:</source>
            <translation>&amp;Umgebung:</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="80" />
            <source>&amp;Ports:</source>
            <translation>&amp;Ports:</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="83" />
            <source>Create</source>
            <translation>Erstellen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="107" />
            <source>"%1" is not KEY=value</source>
            <translation>„%1“ hat nicht die Form SCHLÜSSEL=wert</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="120" />
            <source>"%1" is not a port</source>
            <translation>„%1“ ist kein Port</translation>
        </message>
        <message>
            <source>none: no network; all: the whole network; allow: only the hosts listed below</source>
            <translation>none: kein Netzwerk; all: das ganze Netzwerk; allow: nur die unten genannten Hosts</translation>
        </message>
        <message>
            <source>e.g. api.example.org, *.github.com:443, 127.0.0.1:5173</source>
            <translation>z. B. api.example.org, *.github.com:443, 127.0.0.1:5173</translation>
        </message>
        <message>
            <source>Host, host:port, *.domain, IP or CIDR, separated by commas. 127.0.0.1:PORT is that port on this machine and nothing else of it.</source>
            <translation>Host, Host:Port, *.Domain, IP oder CIDR, durch Kommas getrennt. 127.0.0.1:PORT ist dieser Port auf diesem Rechner und sonst nichts von ihm.</translation>
        </message>
        <message>
            <source>&amp;Allowed hosts:</source>
            <translation>&amp;Erlaubte Hosts:</translation>
        </message>
        <message>
            <source>Network &quot;allow&quot; needs at least one host.</source>
            <translation>Netzwerk „allow“ braucht mindestens einen Host.</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SandboxExecWidget</name>
        <message>
            <location filename="../ui/panels/sandboxexecwidget.cpp" line="19" />
            <source>Run</source>
            <translation>Ausführen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxexecwidget.cpp" line="20" />
            <source>Stop</source>
            <translation>Stopp</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxexecwidget.cpp" line="27" />
            <source>Shell command, e.g. ls -la &amp;&amp; uname -a</source>
            <translation>Shell-Befehl, z. B. ls -la &amp;&amp; uname -a</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxexecwidget.cpp" line="89" />
            <source>[failed: %1]</source>
            <translation>[fehlgeschlagen: %1]</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxexecwidget.cpp" line="91" />
            <source>[timed out after %1 ms]</source>
            <translation>[Zeitlimit nach %1 ms überschritten]</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxexecwidget.cpp" line="93" />
            <source>[exit %1 in %2 ms%3]</source>
            <translation>[Exit %1 nach %2 ms%3]</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxexecwidget.cpp" line="94" />
            <source>, output truncated</source>
            <translation>, Ausgabe gekürzt</translation>
        </message>
        <message>
            <source>The sandbox is paused: resume it to run a command</source>
            <translation>Die Sandbox ist angehalten: setzen Sie sie fort, um einen Befehl auszuführen</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SandboxFilesWidget</name>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="36" />
            <source>Save</source>
            <translation>Speichern</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="44" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="44" />
            <source>Size</source>
            <translation>Größe</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="44" />
            <source>Modified</source>
            <translation>Geändert</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="53" />
            <source>Double-click a file to open it here</source>
            <translation>Doppelklick öffnet eine Datei hier</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="56" />
            <source>Up</source>
            <translation>Nach oben</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="57" />
            <source>Refresh</source>
            <translation>Aktualisieren</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="58" />
            <source>Upload…</source>
            <translation>Hochladen …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="59" />
            <source>Download…</source>
            <translation>Herunterladen …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="60" />
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="97" />
            <source>Delete</source>
            <translation>Löschen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="62" />
            <source>Delete the selected files and folders from the sandbox (asks first)</source>
            <translation>Die gewählten Dateien und Ordner aus der Sandbox löschen (fragt vorher)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="107" />
            <source>Upload into the sandbox</source>
            <translation>In die Sandbox hochladen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="114" />
            <source>Replace File</source>
            <translation>Datei ersetzen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="115" />
            <source>%1 already exists in the sandbox. Replace it with the uploaded file?</source>
            <translation>%1 gibt es in der Sandbox schon. Durch die hochgeladene Datei ersetzen?</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="117" />
            <source>&amp;Replace</source>
            <translation>&amp;Ersetzen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="118" />
            <source>The sandbox's file cannot be brought back.</source>
            <translation>Die Datei der Sandbox lässt sich nicht zurückholen.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="201" />
            <source>Listing %1…</source>
            <translation>%1 wird aufgelistet …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="213" />
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="254" />
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="419" />
            <source>%1 does not exist</source>
            <translation>%1 existiert nicht</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="217" />
            <source>%n entries</source>
            <translation>
                <numerusform>%n Eintrag</numerusform>
                <numerusform>%n Einträge</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="249" />
            <source>Opening %1…</source>
            <translation>%1 wird geöffnet …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="259" />
            <source>%1 (%2 bytes)</source>
            <translation>%1 (%2 Bytes)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="270" />
            <source>Saving %1…</source>
            <translation>%1 wird gespeichert …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="273" />
            <source>Saved %1</source>
            <translation>%1 gespeichert</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="283" />
            <source>Uploading %1…</source>
            <translation>%1 wird hochgeladen …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="285" />
            <source>Uploaded %1</source>
            <translation>%1 hochgeladen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="296" />
            <source>Reading %1…</source>
            <translation>%1 wird gelesen…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="297" />
            <source>the file to upload</source>
            <translation>die hochzuladende Datei</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="305" />
            <source>No sandbox to upload into</source>
            <translation>Keine Sandbox zum Hochladen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="317" />
            <source>Select the files or folders to delete first</source>
            <translation>Zuerst die zu löschenden Dateien oder Ordner wählen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="323" />
            <source>Nothing was deleted</source>
            <translation>Nichts wurde gelöscht</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="334" />
            <source>Delete from Sandbox</source>
            <translation>Aus der Sandbox löschen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="335" />
            <source>&amp;Delete</source>
            <translation>&amp;Löschen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="337" />
            <source>Delete the folder %1 and everything in it?</source>
            <translation>Den Ordner %1 mit allem darin löschen?</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="338" />
            <source>Delete the file %1?</source>
            <translation>Die Datei %1 löschen?</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="340" />
            <source>Delete these %n items?</source>
            <translation>
                <numerusform>Diesen %n Eintrag löschen?</numerusform>
                <numerusform>Diese %n Einträge löschen?</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="344" />
            <source>%1 (folder, with everything in it)</source>
            <translation>%1 (Ordner, mit allem darin)</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="346" />
            <source>and %n more</source>
            <translation>
                <numerusform>und %n weiteres</numerusform>
                <numerusform>und %n weitere</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="348" />
            <source>Folders are deleted with everything in them. This cannot be undone.</source>
            <translation>Ordner werden mit allem darin gelöscht. Das lässt sich nicht rückgängig machen.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="349" />
            <source>This cannot be undone.</source>
            <translation>Das lässt sich nicht rückgängig machen.</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="362" />
            <source>Deleting %n item(s)…</source>
            <translation>
                <numerusform>%n Eintrag wird gelöscht …</numerusform>
                <numerusform>%n Einträge werden gelöscht …</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="370" />
            <source>The sandbox is gone; %n item(s) were not deleted</source>
            <translation>
                <numerusform>Die Sandbox ist weg; %n Eintrag wurde nicht gelöscht</numerusform>
                <numerusform>Die Sandbox ist weg; %n Einträge wurden nicht gelöscht</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="377" />
            <source>Deleted %1</source>
            <translation>%1 gelöscht</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="378" />
            <source>Deleted %n items from %1</source>
            <translation>
                <numerusform>%n Eintrag aus %1 gelöscht</numerusform>
                <numerusform>%n Einträge aus %1 gelöscht</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="380" />
            <source>Deleted %1 of %2; not deleted: %3</source>
            <translation>%1 von %2 gelöscht; nicht gelöscht: %3</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="398" />
            <source>%1 (%2)</source>
            <translation>%1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="408" />
            <source>Download from the sandbox</source>
            <translation>Aus der Sandbox herunterladen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="421" />
            <source>Cannot write %1</source>
            <translation>%1 kann nicht geschrieben werden</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="423" />
            <source>Downloaded %1 to %2</source>
            <translation>%1 nach %2 heruntergeladen</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SandboxListModel</name>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="1" />
            <source>%1 for %2</source>
            <translation>%1 für %2</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="1" />
            <source>Secrets (the sandbox sees placeholders):
%1</source>
            <translation>Geheimnisse (die Sandbox sieht Platzhalter):
%1</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="1" />
            <source>secrets: %1</source>
            <translation>Geheimnisse: %1</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="75" />
            <source>Ends at %1</source>
            <translation>Endet um %1</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="85" />
            <source>alive, desktop</source>
            <translation>aktiv, Desktop</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="85" />
            <source>alive</source>
            <translation>aktiv</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="86" />
            <source>released</source>
            <translation>freigegeben</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="87" />
            <source>gone</source>
            <translation>weg</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="115" />
            <source>Sandbox</source>
            <translation>Sandbox</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="116" />
            <source>Image</source>
            <translation>Abbild</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="117" />
            <source>State</source>
            <translation>Zustand</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="118" />
            <source>Network</source>
            <translation>Netzwerk</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="119" />
            <source>Ports</source>
            <translation>Ports</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="120" />
            <source>Remaining</source>
            <translation>Verbleibend</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" />
            <source>paused, desktop</source>
            <translation>angehalten, Desktop</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" />
            <source>paused</source>
            <translation>angehalten</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SandboxSessionView</name>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="29" />
            <source>failed: %1</source>
            <translation>fehlgeschlagen: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="31" />
            <source>written</source>
            <translation>geschrieben</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="33" />
            <source>taken</source>
            <translation>aufgenommen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="35" />
            <source>sent</source>
            <translation>gesendet</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="38" />
            <source>timed out</source>
            <translation>Zeitlimit überschritten</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="39" />
            <source>exit %1</source>
            <translation>Exit %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="39" />
            <source>stopped</source>
            <translation>gestoppt</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="85" />
            <source>Step</source>
            <translation>Schritt</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="85" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="85" />
            <source>Command or file</source>
            <translation>Befehl oder Datei</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="85" />
            <location filename="../ui/panels/sandboxsessionview.cpp" line="93" />
            <location filename="../ui/panels/sandboxsessionview.cpp" line="98" />
            <source>Recorded</source>
            <translation>Aufgezeichnet</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="85" />
            <location filename="../ui/panels/sandboxsessionview.cpp" line="94" />
            <location filename="../ui/panels/sandboxsessionview.cpp" line="99" />
            <source>Replayed</source>
            <translation>Wiederholt</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxsessionview.cpp" line="125" />
            <source>%1 (%n byte(s))</source>
            <translation>
                <numerusform>%1 (%n Byte)</numerusform>
                <numerusform>%1 (%n Bytes)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="127" />
            <source>the screen</source>
            <translation>der Bildschirm</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="130" />
            <source>click at %1, %2 (button %3, %4×)</source>
            <translation>Klick bei %1, %2 (Taste %3, %4×)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="131" />
            <source>move to %1, %2</source>
            <translation>bewegen nach %1, %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="132" />
            <source>scroll at %1, %2 by %3, %4</source>
            <translation>bei %1, %2 um %3, %4 scrollen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="133" />
            <source>type “%1”</source>
            <translation>„%1“ tippen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="134" />
            <source>key %1</source>
            <translation>Taste %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="154" />
            <source>Replay runs these steps again in a fresh sandbox of the same image.</source>
            <translation>Wiederholen führt diese Schritte erneut in einer frischen Sandbox desselben Images aus.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="155" />
            <source>No Docker engine is available: this session can be browsed but not replayed.</source>
            <translation>Keine Docker-Engine verfügbar: Diese Sitzung kann angesehen, aber nicht wiederholt werden.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="161" />
            <source>write</source>
            <translation>schreiben</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="162" />
            <source>screenshot</source>
            <translation>Bildschirmfoto</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="163" />
            <source>input</source>
            <translation>Eingabe</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="164" />
            <source>exec</source>
            <translation>ausführen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="200" />
            <source>
— stderr —
</source>
            <translation>
— stderr —
</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="205" />
            <source>(not shown: %1)</source>
            <translation>(nicht angezeigt: %1)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="238" />
            <source>the replayed screenshot</source>
            <translation>das wiedergegebene Bildschirmfoto</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxsessionview.cpp" line="277" />
            <source>not a readable PNG (%n byte(s))</source>
            <translation>
                <numerusform>kein lesbares PNG (%n Byte)</numerusform>
                <numerusform>kein lesbares PNG (%n Bytes)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="282" />
            <source>%1×%2 pixels</source>
            <translation>%1×%2 Pixel</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="295" />
            <source>The replay could not finish: %1</source>
            <translation>Die Wiederholung konnte nicht beendet werden: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="311" />
            <source>Replaying in a fresh sandbox of %1…</source>
            <translation>Wiederholung in einer frischen Sandbox von %1 …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="333" />
            <source>%1, same</source>
            <translation>%1, gleich</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="333" />
            <source>%1, differs</source>
            <translation>%1, abweichend</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxsessionview.cpp" line="346" />
            <source>Identical: all %n step(s) gave the recorded output and outcome.</source>
            <translation>
                <numerusform>Identisch: Der Schritt ergab die aufgezeichnete Ausgabe und das Ergebnis.</numerusform>
                <numerusform>Identisch: Alle %n Schritte ergaben die aufgezeichnete Ausgabe und das Ergebnis.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="351" />
            <source>Diverged: the replay could not be compared with the recording.</source>
            <translation>Abweichung: das Replay ließ sich nicht mit der Aufzeichnung vergleichen.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="356" />
            <source>Diverged at step %1 (%2): recorded “%3”, replayed “%4”.</source>
            <translation>Abweichung bei Schritt %1 (%2): aufgezeichnet „%3“, wiederholt „%4“.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="366" />
            <source>Notes: %1</source>
            <translation>Hinweise: %1</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SandboxesPanel</name>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="111" />
            <source>More time for %1 (at most %2 s):</source>
            <translation>Mehr Zeit für %1 (höchstens %2 s):</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="116" />
            <source> s</source>
            <translation> s</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="39" />
            <source>New…</source>
            <translation>Neu …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="40" />
            <source>Release</source>
            <translation>Freigeben</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="41" />
            <source>Extend…</source>
            <translation>Verlängern …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="42" />
            <source>Desktop</source>
            <translation>Desktop</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="43" />
            <location filename="../ui/panels/sandboxespanel.cpp" line="132" />
            <source>Preview port</source>
            <translation>Port-Vorschau</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="51" />
            <source>Give the sandbox more time, up to the pool's maximum lifetime</source>
            <translation>Der Sandbox mehr Zeit geben, höchstens bis zur maximalen Lebensdauer des Pools</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="66" />
            <source>Exec</source>
            <translation>Ausführen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="67" />
            <source>Files</source>
            <translation>Dateien</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="95" />
            <source>Release Sandbox</source>
            <translation>Sandbox freigeben</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="96" />
            <source>Release sandbox %1? Its container, files and processes are removed.</source>
            <translation>Sandbox %1 freigeben? Ihr Container, ihre Dateien und Prozesse werden entfernt.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="98" />
            <source>Sandbox %1 (%2)</source>
            <translation>Sandbox %1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="99" />
            <source>&amp;Release</source>
            <translation>&amp;Freigeben</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="109" />
            <source>Extend Sandbox</source>
            <translation>Sandbox verlängern</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="132" />
            <source>Port:</source>
            <translation>Port:</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="143" />
            <source>%1 is gone: its lifetime is over</source>
            <translation>%1 ist weg: seine Lebensdauer ist abgelaufen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="144" />
            <source>%1 released</source>
            <translation>%1 freigegeben</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="166" />
            <source>Creating a sandbox of %1…</source>
            <translation>Sandbox aus %1 wird erstellt …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="166" />
            <source>the default image</source>
            <translation>dem Standardabbild</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="172" />
            <source>Not created: %1</source>
            <translation>Nicht erstellt: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="175" />
            <source>Created %1</source>
            <translation>%1 erstellt</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="187" />
            <source>Release failed: %1</source>
            <translation>Freigabe fehlgeschlagen: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="204" />
            <source>Not extended: %1</source>
            <translation>Nicht verlängert: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="206" />
            <source>%1 now ends at %2</source>
            <translation>%1 endet jetzt um %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Pause</source>
            <translation>Anhalten</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Resume</source>
            <translation>Fortsetzen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Freeze every process of the sandbox: memory kept, no CPU; its lifetime keeps running</source>
            <translation>Alle Prozesse der Sandbox einfrieren: Speicher bleibt, keine CPU; ihre Lebensdauer läuft weiter</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Let the sandbox&apos;s processes carry on where they were</source>
            <translation>Die Prozesse der Sandbox dort weiterlaufen lassen, wo sie waren</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Pausing %1…</source>
            <translation>%1 wird angehalten …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Resuming %1…</source>
            <translation>%1 wird fortgesetzt …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Not paused: %1</source>
            <translation>Nicht angehalten: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Not resumed: %1</source>
            <translation>Nicht fortgesetzt: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>%1 paused: its processes are frozen</source>
            <translation>%1 angehalten: ihre Prozesse sind eingefroren</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>%1 resumed</source>
            <translation>%1 fortgesetzt</translation>
        </message>
        <message>
            <source>The next New… allows %1 too</source>
            <translation>Das nächste Neu … erlaubt auch %1</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ScriptEditorPanel</name>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="31" />
            <source>// Write JavaScript or TypeScript here, or drop a file.</source>
            <translation>// Hier JavaScript oder TypeScript schreiben oder eine Datei hineinziehen.</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="56" />
            <source>untitled</source>
            <translation>unbenannt</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="68" />
            <source>the script</source>
            <translation>das Skript</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="118" />
            <location filename="../ui/panels/scripteditorpanel.cpp" line="124" />
            <location filename="../ui/panels/scripteditorpanel.cpp" line="181" />
            <source>Open Script</source>
            <translation>Skript öffnen</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="119" />
            <source>Scripts (*.js *.mjs *.ts *.mts *.jsx *.tsx);;All files (*)</source>
            <translation>Skripte (*.js *.mjs *.ts *.mts *.jsx *.tsx);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="124" />
            <location filename="../ui/panels/scripteditorpanel.cpp" line="182" />
            <source>Cannot open %1: %2</source>
            <translation>%1 kann nicht geöffnet werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="136" />
            <location filename="../ui/panels/scripteditorpanel.cpp" line="150" />
            <source>Save Script</source>
            <translation>Skript speichern</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="136" />
            <location filename="../ui/panels/scripteditorpanel.cpp" line="150" />
            <source>Cannot save %1: %2</source>
            <translation>%1 kann nicht gespeichert werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="144" />
            <source>Save Script As</source>
            <translation>Skript speichern unter</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="145" />
            <source>Scripts (*.js *.ts);;All files (*)</source>
            <translation>Skripte (*.js *.ts);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="161" />
            <source>Unsaved Script</source>
            <translation>Ungespeichertes Skript</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="161" />
            <source>The script %1 has unsaved changes. Save them?</source>
            <translation>Das Skript %1 hat ungespeicherte Änderungen. Speichern?</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SessionDiffView</name>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="111" />
            <source>Replays run offline: no network, only the session's own copies of files, no programs.</source>
            <translation>Replays laufen offline: kein Netzwerk, nur die Dateikopien der Sitzung, keine Programme.</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sessiondiffview.cpp" line="30" />
            <source>
[… %n more character(s) not shown]</source>
            <translation>
                <numerusform>
[… %n weiteres Zeichen nicht angezeigt]</numerusform>
                <numerusform>
[… %n weitere Zeichen nicht angezeigt]</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="50" />
            <source>stdout line %1</source>
            <translation>stdout Zeile %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="51" />
            <source>stderr line %1</source>
            <translation>stderr Zeile %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="52" />
            <source>audit event %1</source>
            <translation>Prüfereignis %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="53" />
            <source>the exit</source>
            <translation>dem Ende</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="54" />
            <source>screenshot %1</source>
            <translation>Bildschirmfoto %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="55" />
            <source>call %1</source>
            <translation>Aufruf %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="55" />
            <source>request at step %1</source>
            <translation>Anfrage bei Schritt %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="82" />
            <source>Event</source>
            <translation>Ereignis</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="82" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="82" />
            <source>Resource</source>
            <translation>Ressource</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="82" />
            <location filename="../ui/panels/sessiondiffview.cpp" line="90" />
            <source>Recorded</source>
            <translation>Aufgezeichnet</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="82" />
            <location filename="../ui/panels/sessiondiffview.cpp" line="95" />
            <source>Replayed</source>
            <translation>Wiederholt</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="106" />
            <source>Stream:</source>
            <translation>Strom:</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="139" />
            <source>Replay the session to compare it with the recording.</source>
            <translation>Wiederholen Sie die Sitzung, um sie mit der Aufzeichnung zu vergleichen.</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sessiondiffview.cpp" line="165" />
            <source>Identical: stdout, stderr, the exit and %n audit event(s) match the recording.</source>
            <translation>
                <numerusform>Identisch: stdout, stderr, das Ende und %n Prüfereignis stimmen mit der Aufzeichnung überein.</numerusform>
                <numerusform>Identisch: stdout, stderr, das Ende und %n Prüfereignisse stimmen mit der Aufzeichnung überein.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="227" />
            <source>Identical: every call answered as recorded.</source>
            <translation>Identisch: jeder Aufruf antwortete wie aufgezeichnet.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="231" />
            <source>calls — differs at %1</source>
            <translation>Aufrufe — weicht ab bei %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="231" />
            <source>calls — identical</source>
            <translation>Aufrufe — identisch</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="244" />
            <source>Diverged: the replay could not be compared with the recording.</source>
            <translation>Abweichung: das Replay ließ sich nicht mit der Aufzeichnung vergleichen.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="248" />
            <source>Diverged at %1: recorded “%2”, replayed “%3”.</source>
            <translation>Abweichung bei %1: aufgezeichnet „%2“, wiederholt „%3“.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="254" />
            <source>Also differs: %1.</source>
            <translation>Außerdem abweichend: %1.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="262" />
            <location filename="../ui/panels/sessiondiffview.cpp" line="263" />
            <source>allow</source>
            <translation>erlauben</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="262" />
            <location filename="../ui/panels/sessiondiffview.cpp" line="263" />
            <source>deny</source>
            <translation>verweigern</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="273" />
            <source>Notes: %1</source>
            <translation>Hinweise: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="170" />
            <source>stdout</source>
            <translation>stdout</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="170" />
            <source>stderr</source>
            <translation>stderr</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="170" />
            <source>audit events</source>
            <translation>Prüfereignisse</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="173" />
            <source>%1 — differs at %2</source>
            <translation>%1 — weicht ab bei %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="174" />
            <source>%1 — identical</source>
            <translation>%1 — identisch</translation>
        </message>
        <message>
            <source>Replay result</source>
            <translation>Ergebnis der Wiedergabe</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SessionsPanel</name>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="117" />
            <source>Policy in the editor</source>
            <translation>Richtlinie im Editor</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="175" />
            <source>Policy</source>
            <translation>Richtlinie</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="115" />
            <source>The policy in the editor has an error: %1</source>
            <translation>Die Richtlinie im Editor hat einen Fehler: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="90" />
            <source>Open…</source>
            <translation>Öffnen …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="91" />
            <location filename="../ui/panels/sessionspanel.cpp" line="178" />
            <source>Replay</source>
            <translation>Wiederholen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="92" />
            <source>Stop</source>
            <translation>Stopp</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="113" />
            <source>Run the session again, offline, and compare it with the recording (Ctrl+Shift+R)</source>
            <translation>Die Sitzung offline erneut ausführen und mit der Aufzeichnung vergleichen (Strg+Umschalt+R)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="114" />
            <source>Stop the replay</source>
            <translation>Die Wiederholung anhalten</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="116" />
            <source>Recorded policy</source>
            <translation>Aufgezeichnete Richtlinie</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="118" />
            <source>Policy file…</source>
            <translation>Richtliniendatei …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="119" />
            <source>The policy the replay runs under; another one shows which decisions change</source>
            <translation>Die Richtlinie der Wiederholung; eine andere zeigt, welche Entscheidungen sich ändern</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="139" />
            <source>under</source>
            <translation>unter</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="147" />
            <source>stdout</source>
            <translation>stdout</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="148" />
            <source>stderr</source>
            <translation>stderr</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="149" />
            <source>stderr as the runtime wrote it</source>
            <translation>stderr, wie die Laufzeit es schrieb</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="166" />
            <source>File</source>
            <translation>Datei</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="166" />
            <source>Where</source>
            <translation>Herkunft</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="166" />
            <source>Size</source>
            <translation>Größe</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="166" />
            <source>SHA-256</source>
            <translation>SHA-256</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="171" />
            <source>Console</source>
            <translation>Konsole</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="172" />
            <source>Audit</source>
            <translation>Prüfung</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="173" />
            <source>Code</source>
            <translation>Code</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="174" />
            <source>Files</source>
            <translation>Dateien</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="176" />
            <source>Steps</source>
            <translation>Schritte</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="258" />
            <source>Open Session</source>
            <translation>Sitzung öffnen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="112" />
            <source>Open a .sbsession or .sbagent file (Ctrl+Shift+O); you can also drop one here</source>
            <translation>Eine .sbsession- oder .sbagent-Datei öffnen (Strg+Umschalt+O); man kann sie auch hier ablegen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="177" />
            <source>Calls</source>
            <translation>Aufrufe</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="180" />
            <source>Open a session file (Ctrl+Shift+O) or drop one here.
Any run in Run History can be saved as one (Save Session).
Agent servers running now (sandbench-cli mcp) are listed under Live.</source>
            <translation>Eine Sitzungsdatei öffnen (Strg+Umschalt+O) oder hier ablegen.
Jeder Lauf im Verlauf lässt sich als Sitzung speichern (Sitzung speichern).
Laufende Agentenserver (sandbench-cli mcp) stehen unter Live.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="259" />
            <source>Sandbench sessions (*.sbsession *.sbagent);;All files (*)</source>
            <translation>Sandbench-Sitzungen (*.sbsession *.sbagent);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="267" />
            <source>A replay is running; stop it before opening another session.</source>
            <translation>Eine Wiederholung läuft; halten Sie sie an, bevor Sie eine andere Sitzung öffnen.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="272" />
            <source>Opening %1…</source>
            <translation>%1 wird geöffnet …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="303" />
            <source>Cannot open the session: %1</source>
            <translation>Die Sitzung kann nicht geöffnet werden: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="304" />
            <source>Cannot open %1: %2</source>
            <translation>%1 kann nicht geöffnet werden: %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="348" />
            <location filename="../ui/panels/sessionspanel.cpp" line="458" />
            <source>Recorded %1</source>
            <translation>Aufgezeichnet %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="349" />
            <source>Sandbench %1, Deno %2</source>
            <translation>Sandbench %1, Deno %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="351" />
            <source>seed %1</source>
            <translation>Seed %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="353" />
            <source>time frozen at %1</source>
            <translation>Zeit eingefroren auf %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="354" />
            <source>timed out</source>
            <translation>Zeitlimit überschritten</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="354" />
            <source>stopped</source>
            <translation>gestoppt</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="355" />
            <source>exit %1</source>
            <translation>Exit %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="355" />
            <source>no exit code</source>
            <translation>kein Exit-Code</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="356" />
            <source>%1 after %2 ms</source>
            <translation>%1 nach %2 ms</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="357" />
            <source>%1 allowed, %2 denied</source>
            <translation>%1 erlaubt, %2 verweigert</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="359" />
            <source>packages: %1</source>
            <translation>Pakete: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="364" />
            <source>environment (with values): %1</source>
            <translation>Umgebung (mit Werten): %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="364" />
            <location filename="../ui/panels/sessionspanel.cpp" line="463" />
            <source>environment (names only): %1</source>
            <translation>Umgebung (nur Namen): %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="371" />
            <source>Recording notes: %1</source>
            <translation>Hinweise der Aufzeichnung: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="383" />
            <source>the recorded entry file</source>
            <translation>die aufgezeichnete Einstiegsdatei</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="417" />
            <source>entry</source>
            <translation>Einstieg</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="419" />
            <source>workdir</source>
            <translation>Arbeitsordner</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="421" />
            <source>input</source>
            <translation>Eingabe</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sessionspanel.cpp" line="443" />
            <source>npm packages (%n file(s))</source>
            <translation>
                <numerusform>npm-Pakete (%n Datei)</numerusform>
                <numerusform>npm-Pakete (%n Dateien)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="444" />
            <source>packages</source>
            <translation>Pakete</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="459" />
            <source>image %1</source>
            <translation>Image %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="460" />
            <source>network %1</source>
            <translation>Netzwerk %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sessionspanel.cpp" line="461" />
            <source>%n step(s)</source>
            <translation>
                <numerusform>%n Schritt</numerusform>
                <numerusform>%n Schritte</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="510" />
            <source>Sandbox sessions replay in a fresh sandbox; no Docker engine is available</source>
            <translation>Sandbox-Sitzungen werden in einer frischen Sandbox wiederholt; keine Docker-Engine verfügbar</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="77" />
            <source>Replay Under Policy</source>
            <translation>Unter Richtlinie wiederholen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="78" />
            <source>Policies (*.json);;All files (*)</source>
            <translation>Richtlinien (*.json);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="82" />
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="116" />
            <source>Cannot use that policy: %1</source>
            <translation>Diese Richtlinie kann nicht verwendet werden: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="95" />
            <source>Sandbox sessions replay in a fresh sandbox, and no Docker engine is available.</source>
            <translation>Sandbox-Sitzungen werden in einer frischen Sandbox wiederholt, und keine Docker-Engine ist verfügbar.</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="98" />
            <source>Replaying in a fresh sandbox…</source>
            <translation>Wiederholung in einer frischen Sandbox …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="127" />
            <source>Replaying offline…</source>
            <translation>Offline-Wiederholung läuft …</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="149" />
            <source>and %n more</source>
            <translation>
                <numerusform>und %n weiteres</numerusform>
                <numerusform>und %n weitere</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="150" />
            <source>Replay Under a Wider Policy?</source>
            <translation>Mit einer weiteren Richtlinie wiederholen?</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="151" />
            <source>The replay policy grants more than the session holds. The recorded code would get:</source>
            <translation>Die Richtlinie der Wiederholung erlaubt mehr, als die Sitzung enthält. Der aufgezeichnete Code bekäme:</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="154" />
            <source>Replay with These Grants</source>
            <translation>Mit diesen Rechten wiederholen</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="182" />
            <source>The replay could not run: %1</source>
            <translation>Die Wiederholung konnte nicht laufen: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelagent.cpp" line="44" />
            <source>Replaying the agent session…</source>
            <translation>Agentensitzung wird wiederholt …</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelagent.cpp" line="50" />
            <source>Replaying call %1 of %2…</source>
            <translation>Aufruf %1 von %2 wird wiederholt …</translation>
        </message>
        <message>
            <source>Reading which values the session needs…</source>
            <translation>Lese, welche Werte die Sitzung braucht…</translation>
        </message>
        <message>
            <source>Network</source>
            <translation>Netzwerk</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SettingsDialog</name>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="48" />
            <source>Keep every run as a session that Run History can save</source>
            <translation>Jeden Lauf als Sitzung behalten, die der Verlauf speichern kann</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="49" />
            <source>Include environment variable values (they may be secrets)</source>
            <translation>Werte von Umgebungsvariablen einschließen (sie können geheim sein)</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="52" />
            <source>Settings</source>
            <translation>Einstellungen</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="58" />
            <source>the pinned Deno found by Sandbench</source>
            <translation>das von Sandbench gefundene, festgelegte Deno</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="59" />
            <source>the user's cache folder</source>
            <translation>der Cache-Ordner des Benutzers</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="62" />
            <source> ms</source>
            <translation> ms</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="66" />
            <source> MB</source>
            <translation> MB</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="70" />
            <source> bytes</source>
            <translation> Bytes</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="72" />
            <source>System</source>
            <translation>System</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="73" />
            <source>Light</source>
            <translation>Hell</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="74" />
            <source>Dark</source>
            <translation>Dunkel</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="76" />
            <source>System language</source>
            <translation>Systemsprache</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="90" />
            <source>Deno runtime</source>
            <translation>Deno-Laufzeit</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="91" />
            <source>Cache folder</source>
            <translation>Cache-Ordner</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="92" />
            <source>Default timeout</source>
            <translation>Standard-Zeitlimit</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="93" />
            <source>Default memory cap</source>
            <translation>Standard-Speichergrenze</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="94" />
            <source>Default output cap</source>
            <translation>Standard-Ausgabegrenze</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="95" />
            <source>Sessions</source>
            <translation>Sitzungen</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="97" />
            <source>Theme</source>
            <translation>Farbschema</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="98" />
            <source>Language</source>
            <translation>Sprache</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="99" />
            <source>A new language applies when Sandbench starts again.</source>
            <translation>Eine neue Sprache gilt nach dem nächsten Start von Sandbench.</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ShortcutsDialog</name>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="33" />
            <source>Keyboard Shortcuts</source>
            <translation>Tastenkürzel</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="35" />
            <source>Search actions, menus or keys</source>
            <translation>Aktionen, Menüs oder Tasten suchen</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="37" />
            <source>Search shortcuts</source>
            <translation>Tastenkürzel suchen</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="38" />
            <source>&amp;Search:</source>
            <translation>&amp;Suchen:</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="41" />
            <source>Keyboard shortcuts</source>
            <translation>Tastenkürzel</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="43" />
            <source>Action</source>
            <translation>Aktion</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="43" />
            <source>Shortcut</source>
            <translation>Kürzel</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="43" />
            <source>Menu</source>
            <translation>Menü</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="53" />
            <source>Editors</source>
            <translation>Editoren</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="54" />
            <source>Indent (in the script and policy editors)</source>
            <translation>Einrücken (im Skript- und Richtlinieneditor)</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="55" />
            <source>Leave the editor for the next panel</source>
            <translation>Den Editor zum nächsten Bereich verlassen</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="56" />
            <source>Find in the console</source>
            <translation>In der Konsole suchen</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="56" />
            <source>Console</source>
            <translation>Konsole</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="57" />
            <source>Next / previous tab inside a panel</source>
            <translation>Nächster / vorheriger Reiter in einem Bereich</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="60" />
            <source>Panels</source>
            <translation>Bereiche</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::StringListEdit</name>
        <message>
            <location filename="../ui/panels/stringlistedit.cpp" line="52" />
            <location filename="../ui/panels/stringlistedit.cpp" line="167" />
            <location filename="../ui/panels/stringlistedit.cpp" line="172" />
            <source>Add an entry</source>
            <translation>Eintrag hinzufügen</translation>
        </message>
        <message>
            <location filename="../ui/panels/stringlistedit.cpp" line="54" />
            <source>Remove the selected entry</source>
            <translation>Ausgewählten Eintrag entfernen</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::UserGuideView</name>
        <message>
            <location filename="../ui/panels/userguideview.cpp" line="64" />
            <source>This link leaves the user guide:
%1

Open it in your web browser?</source>
            <translation>Dieser Link führt aus dem Benutzerhandbuch hinaus:
%1

Im Webbrowser öffnen?</translation>
        </message>
        <message>
            <location filename="../ui/panels/userguideview.cpp" line="63" />
            <source>Open External Link?</source>
            <translation>Externen Link öffnen?</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::WelcomePanel</name>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="103" />
            <source>&lt;p&gt;The User Guide (Help → User Guide) explains policies, sessions, replays and sandboxes. It opens here, offline. This page is under Help → Welcome.&lt;/p&gt;</source>
            <translation>&lt;p&gt;Das Benutzerhandbuch (Hilfe → Benutzerhandbuch) erklärt Richtlinien, Sitzungen, Replays und Sandboxen. Es öffnet sich hier, offline. Diese Seite finden Sie unter Hilfe → Willkommen.&lt;/p&gt;</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="91" />
            <source>The script into the Script panel, its policy into the Policy panel</source>
            <translation>Das Skript ins Feld Skript, seine Richtlinie ins Feld Richtlinie</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="47" />
            <source>Tries to read a file, a variable and the network. Every attempt is denied and shows in the Audit Log, where “Allow this” adds a rule.</source>
            <translation>Versucht, eine Datei, eine Variable und das Netzwerk zu lesen. Jeder Versuch wird verweigert und erscheint im Prüfprotokoll, wo „Erlauben“ eine Regel hinzufügt.</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="67" />
            <source>&lt;h2&gt;Welcome to Sandbench&lt;/h2&gt;&lt;p&gt;Sandbench runs code an AI agent wrote under a policy you can read and edit. Every file, network, environment and program access the code asks for is decided by the policy and logged.&lt;/p&gt;&lt;p&gt;The &lt;b&gt;Script&lt;/b&gt; panel holds the code, the &lt;b&gt;Policy&lt;/b&gt; panel what it may do. &lt;b&gt;F5&lt;/b&gt; runs it; the &lt;b&gt;Console&lt;/b&gt; shows its output and the &lt;b&gt;Audit Log&lt;/b&gt; every decision. Open an example to see it at work:&lt;/p&gt;</source>
            <translation>&lt;h2&gt;Willkommen bei Sandbench&lt;/h2&gt;&lt;p&gt;Sandbench führt Code, den ein KI-Agent geschrieben hat, unter einer Richtlinie aus, die Sie lesen und bearbeiten können. Jeder Zugriff des Codes auf Dateien, Netzwerk, Umgebung und Programme wird von der Richtlinie entschieden und protokolliert.&lt;/p&gt;&lt;p&gt;Das Feld &lt;b&gt;Skript&lt;/b&gt; enthält den Code, &lt;b&gt;Richtlinie&lt;/b&gt;, was er darf. &lt;b&gt;F5&lt;/b&gt; führt ihn aus; die &lt;b&gt;Konsole&lt;/b&gt; zeigt die Ausgabe und das &lt;b&gt;Prüfprotokoll&lt;/b&gt; jede Entscheidung. Öffnen Sie ein Beispiel:&lt;/p&gt;</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="51" />
            <source>Imports papaparse, which the policy allows in allow_packages. The first run downloads it, so it needs the network once.</source>
            <translation>Importiert papaparse, das die Richtlinie in allow_packages erlaubt. Der erste Lauf lädt es herunter und braucht dafür einmal das Netzwerk.</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="44" />
            <source>Needs nothing and gets nothing: it runs under a policy that denies everything.</source>
            <translation>Braucht nichts und bekommt nichts: läuft unter einer Richtlinie, die alles verweigert.</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="43" />
            <source>A safe script</source>
            <translation>Ein sicheres Skript</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="46" />
            <source>A script that is denied</source>
            <translation>Ein Skript, dem etwas verweigert wird</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="50" />
            <source>An npm package</source>
            <translation>Ein npm-Paket</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="89" />
            <source>Open Example</source>
            <translation>Beispiel öffnen</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="100" />
            <source>Read the User Guide</source>
            <translation>Benutzerhandbuch lesen</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="114" />
            <source>Welcome page</source>
            <translation>Willkommensseite</translation>
        </message>
        <message>
            <source>Policies, sessions, replays and sandboxes, offline (Help → User Guide, F1). This page is under Help → Welcome.</source>
            <translation>Richtlinien, Sitzungen, Replays und Sandboxen, offline (Hilfe → Benutzerhandbuch, F1). Diese Seite finden Sie unter Hilfe → Willkommen.</translation>
        </message>
        <message>
            <source>&lt;h2&gt;Welcome to Sandbench&lt;/h2&gt;</source>
            <translation>&lt;h2&gt;Willkommen bei Sandbench&lt;/h2&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;Sandbench runs code an AI agent wrote under a policy you can read and edit. Every file, network, environment and program access the code asks for is decided by the policy and logged.&lt;/p&gt;&lt;p&gt;The &lt;b&gt;Script&lt;/b&gt; panel holds the code, the &lt;b&gt;Policy&lt;/b&gt; panel what it may do. &lt;b&gt;F5&lt;/b&gt; runs it; the &lt;b&gt;Console&lt;/b&gt; shows its output and the &lt;b&gt;Audit Log&lt;/b&gt; every decision. Open an example to see it at work:&lt;/p&gt;</source>
            <translation>&lt;p&gt;Sandbench führt Code, den ein KI-Agent geschrieben hat, unter einer Richtlinie aus, die Sie lesen und bearbeiten können. Jeder Zugriff des Codes auf Dateien, Netzwerk, Umgebung und Programme wird von der Richtlinie entschieden und protokolliert.&lt;/p&gt;&lt;p&gt;Das Feld &lt;b&gt;Skript&lt;/b&gt; enthält den Code, &lt;b&gt;Richtlinie&lt;/b&gt;, was er darf. &lt;b&gt;F5&lt;/b&gt; führt ihn aus; die &lt;b&gt;Konsole&lt;/b&gt; zeigt die Ausgabe und das &lt;b&gt;Prüfprotokoll&lt;/b&gt; jede Entscheidung. Öffnen Sie ein Beispiel:&lt;/p&gt;</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::PolicyExplain</name>
        <message>
            <source> and </source>
            <translation> und </translation>
        </message>
        <message>
            <location filename="../core/policy/policyexplain.cpp" line="65" />
            <source>%1: nothing allows it</source>
            <translation>%1: nichts erlaubt es</translation>
        </message>
        <message>
            <source>%1: whatever is not denied is allowed</source>
            <translation>%1: was nicht verweigert wird, ist erlaubt</translation>
        </message>
        <message>
            <source>%1: the run's own folder is readable and writable</source>
            <translation>%1: der eigene Ordner des Laufs ist les- und schreibbar</translation>
        </message>
        <message>
            <source>%1: the file being run is readable</source>
            <translation>%1: die ausgeführte Datei ist lesbar</translation>
        </message>
        <message>
            <source>%1: Sandbench's own module</source>
            <translation>%1: ein Modul von Sandbench selbst</translation>
        </message>
        <message>
            <source>%1: Sandbench keeps the audit log and caches there, no rule reaches it</source>
            <translation>%1: dort liegen Prüfprotokoll und Caches von Sandbench, keine Regel reicht dorthin</translation>
        </message>
        <message>
            <source>%1: /proc, /dev and /sys are never part of the sandbox</source>
            <translation>%1: /proc, /dev und /sys gehören nie zur Sandbox</translation>
        </message>
        <message>
            <source>%1: a cloud metadata address, allowed only by an allow_net entry naming it exactly</source>
            <translation>%1: eine Cloud-Metadatenadresse, nur erlaubt durch einen allow_net-Eintrag, der sie genau nennt</translation>
        </message>
        <message>
            <source>%1: a variable of the runtime's own, never given</source>
            <translation>%1: eine Variable der Laufzeit selbst, nie weitergegeben</translation>
        </message>
        <message>
            <source>add %1</source>
            <translation>%1 hinzufügen</translation>
        </message>
        <message>
            <source> and turn %1 off</source>
            <translation> und %1 ausschalten</translation>
        </message>
        <message>
            <source>no entry allows it: only a policy without the sandbox (and without deny switches) would</source>
            <translation>kein Eintrag erlaubt es: nur eine Richtlinie ohne Sandbox (und ohne Verbotsschalter) würde es</translation>
        </message>
        <message>
            <source>nothing in a policy can allow it (%1)</source>
            <translation>keine Richtlinie kann es erlauben (%1)</translation>
        </message>
        <message>
            <source>remove %1</source>
            <translation>%1 entfernen</translation>
        </message>
        <message>
            <source>removing %1 is not enough: </source>
            <translation>%1 zu entfernen genügt nicht: </translation>
        </message>
        <message>
            <source>turn %1 on</source>
            <translation>%1 einschalten</translation>
        </message>
        <message>
            <source>turn %1 or %2 on</source>
            <translation>%1 oder %2 einschalten</translation>
        </message>
        <message>
            <source>it is inside the workdir, which the run may always read and write: set another workdir</source>
            <translation>es liegt im Arbeitsordner, den der Lauf immer lesen und schreiben darf: einen anderen Arbeitsordner wählen</translation>
        </message>
        <message>
            <source>no policy entry decided it (%1)</source>
            <translation>kein Eintrag der Richtlinie hat es entschieden (%1)</translation>
        </message>
        <message>
            <source>%1: a module of the start-up graph, which the run's namespace holds</source>
            <translation>%1: ein Modul des Startgraphen, den der Namensraum des Laufs enthält</translation>
        </message>
        <message>
            <source>nothing in a policy denies it: a module of the start-up graph is always readable</source>
            <translation>keine Richtlinie verweigert es: ein Modul des Startgraphen ist immer lesbar</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::UserGuideWindow</name>
        <message>
            <source>Sandbench User Guide</source>
            <translation>Sandbench-Benutzerhandbuch</translation>
        </message>
        <message>
            <source>Contents</source>
            <translation>Inhalt</translation>
        </message>
        <message>
            <source>Back</source>
            <translation>Zurück</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ReplayValuesDialog</name>
        <message>
            <source>Values for the Replay</source>
            <translation>Werte für die Wiedergabe</translation>
        </message>
        <message>
            <source>The session kept these variables by name only. Give their values to replay it as recorded; they are used for this replay and not saved.</source>
            <translation>Die Sitzung hat diese Variablen nur mit Namen aufgezeichnet. Geben Sie ihre Werte an, um sie wie aufgezeichnet wiederzugeben; sie gelten nur für diese Wiedergabe und werden nicht gespeichert.</translation>
        </message>
        <message>
            <source>required</source>
            <translation>erforderlich</translation>
        </message>
        <message>
            <source>optional: read from the recording machine</source>
            <translation>optional: vom aufzeichnenden Rechner gelesen</translation>
        </message>
        <message>
            <source>Replay</source>
            <translation>Wiederholen</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ApprovalsPanel</name>
        <message>
            <source>Approve (A)</source>
            <translation>Freigeben (A)</translation>
        </message>
        <message>
            <source>Refuse (R)</source>
            <translation>Ablehnen (R)</translation>
        </message>
        <message>
            <source>Edit (E)</source>
            <translation>Bearbeiten (E)</translation>
        </message>
        <message>
            <source>Calls waiting for approval</source>
            <translation>Aufrufe, die auf Freigabe warten</translation>
        </message>
        <message>
            <source>Arguments of the selected call</source>
            <translation>Argumente des gewählten Aufrufs</translation>
        </message>
        <message>
            <source>Why it is refused (the agent reads this); Enter refuses</source>
            <translation>Warum abgelehnt wird (der Agent liest das); Eingabe lehnt ab</translation>
        </message>
        <message>
            <source>Reason for refusing</source>
            <translation>Grund der Ablehnung</translation>
        </message>
        <message>
            <source>Answered: %1</source>
            <translation>Beantwortet: %1</translation>
        </message>
        <message>
            <source>Answered: approved with changes: %1</source>
            <translation>Beantwortet: mit Änderungen freigegeben: %1</translation>
        </message>
        <message>
            <source>Held by: %1</source>
            <translation>Zurückgehalten durch: %1</translation>
        </message>
        <message>
            <source>Answered: approved for the rest of this run</source>
            <translation>Beantwortet: für den Rest dieses Laufs freigegeben</translation>
        </message>
        <message>
            <source>Not answered: %1</source>
            <translation>Nicht beantwortet: %1</translation>
        </message>
        <message>
            <source>%1  ·  %2  ·  session %3  ·  waiting since %4</source>
            <translation>%1  ·  %2  ·  Sitzung %3  ·  wartet seit %4</translation>
        </message>
        <message>
            <source>No call waits for approval.</source>
            <translation>Kein Aufruf wartet auf Freigabe.</translation>
        </message>
        <message>
            <source>Type why it is refused, then press Enter.</source>
            <translation>Geben Sie ein, warum abgelehnt wird, und drücken Sie Eingabe.</translation>
        </message>
        <message>
            <source>Editing the arguments: Ctrl+Enter approves the edit, Escape drops it.</source>
            <translation>Argumente bearbeiten: Strg+Eingabe gibt die Änderung frei, Esc verwirft sie.</translation>
        </message>
        <message>
            <source>The arguments must be one JSON object: %1</source>
            <translation>Die Argumente müssen ein JSON-Objekt sein: %1</translation>
        </message>
        <message>
            <source>Approved with changes: %1</source>
            <translation>Freigegeben mit Änderungen: %1</translation>
        </message>
        <message>
            <source>Not yet one JSON object: %1</source>
            <translation>Noch kein einzelnes JSON-Objekt: %1</translation>
        </message>
        <message>
            <source>not an object</source>
            <translation>kein Objekt</translation>
        </message>
        <message>
            <source>No change yet.</source>
            <translation>Noch keine Änderung.</translation>
        </message>
        <message>
            <source>Changes: %1</source>
            <translation>Änderungen: %1</translation>
        </message>
        <message>
            <source>nothing</source>
            <translation>nichts</translation>
        </message>
        <message>
            <source>approved</source>
            <translation>freigegeben</translation>
        </message>
        <message>
            <source>approved with changes</source>
            <translation>mit Änderungen freigegeben</translation>
        </message>
        <message>
            <source>refused</source>
            <translation>abgelehnt</translation>
        </message>
        <message>
            <source>session ended</source>
            <translation>Sitzung beendet</translation>
        </message>
        <message>
            <source>Calls held for approval cannot be shown: %1</source>
            <translation>Zur Freigabe angehaltene Aufrufe können nicht gezeigt werden: %1</translation>
        </message>
        <message>
            <source>For this run (F)</source>
            <translation>Für diesen Lauf (F)</translation>
        </message>
        <message>
            <source>Allow this check and the same one again for the rest of the run</source>
            <translation>Diese Prüfung und dieselbe für den Rest des Laufs erlauben</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ApprovalCue</name>
        <message>
            <source>Approvals (%1)</source>
            <translation>Freigaben (%1)</translation>
        </message>
        <message>
            <source>Approvals</source>
            <translation>Freigaben</translation>
        </message>
        <message>
            <source>%1 waits for approval: %2 shows the Approvals panel.</source>
            <translation>%1 wartet auf Freigabe: %2 zeigt den Bereich Freigaben.</translation>
        </message>
        <message numerus="yes">
            <source>%n calls wait for approval: %1 shows the Approvals panel.</source>
            <translation>
                <numerusform>%n Aufruf wartet auf Freigabe: %1 zeigt den Bereich Freigaben.</numerusform>
                <numerusform>%n Aufrufe warten auf Freigabe: %1 zeigt den Bereich Freigaben.</numerusform>
            </translation>
        </message>
        <message>
            <source>Sandbench: calls wait for approval</source>
            <translation>Sandbench: Aufrufe warten auf Freigabe</translation>
        </message>
        <message>
            <source>A call waits for approval</source>
            <translation>Ein Aufruf wartet auf Freigabe</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ApprovalWatcher</name>
        <message>
            <source>no server holds this call any more</source>
            <translation>kein Server hält diesen Aufruf mehr</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::DesktopStreamSource</name>
        <message>
            <source>the sandbox has no desktop to stream</source>
            <translation>die Sandbox hat keinen Desktop zum Streamen</translation>
        </message>
        <message>
            <source>the stream could not be started</source>
            <translation>der Stream konnte nicht gestartet werden</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::TrafficView</name>
        <message>
            <source>#</source>
            <translation>#</translation>
        </message>
        <message>
            <source>Start</source>
            <translation>Beginn</translation>
        </message>
        <message>
            <source>Method</source>
            <translation>Methode</translation>
        </message>
        <message>
            <source>URL</source>
            <translation>URL</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>Status</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>Dauer</translation>
        </message>
        <message>
            <source>Size</source>
            <translation>Größe</translation>
        </message>
        <message>
            <source>Recorded requests</source>
            <translation>Aufgezeichnete Anfragen</translation>
        </message>
        <message>
            <source>Request details</source>
            <translation>Details der Anfrage</translation>
        </message>
        <message>
            <source>Select a request to see its headers and bodies.</source>
            <translation>Wählen Sie eine Anfrage, um ihre Header und Inhalte zu sehen.</translation>
        </message>
        <message>
            <source>This session holds no network traffic: the run's policy allowed no network, or it was recorded before traffic was.</source>
            <translation>Diese Sitzung enthält keinen Netzwerkverkehr: Die Richtlinie des Laufs erlaubte kein Netzwerk, oder sie wurde aufgezeichnet, bevor Verkehr aufgezeichnet wurde.</translation>
        </message>
        <message>
            <source>Network traffic was not recorded: %1</source>
            <translation>Netzwerkverkehr wurde nicht aufgezeichnet: %1</translation>
        </message>
        <message>
            <source>denied</source>
            <translation>verweigert</translation>
        </message>
        <message>
            <source>no response</source>
            <translation>keine Antwort</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <source>Requests: %1</source>
            <translation>Anfragen: %1</translation>
        </message>
        <message>
            <source>denied by the proxy: %1</source>
            <translation>vom Proxy verweigert: %1</translation>
        </message>
        <message>
            <source>Redacted when recorded: %1</source>
            <translation>Bei der Aufzeichnung geschwärzt: %1</translation>
        </message>
        <message>
            <source>The replay diverged at this request</source>
            <translation>Die Wiederholung wich bei dieser Anfrage ab</translation>
        </message>
        <message>
            <source>(loading…)</source>
            <translation>(wird geladen…)</translation>
        </message>
        <message>
            <source>(empty)</source>
            <translation>(leer)</translation>
        </message>
        <message>
            <source>%1, SHA-256 %2</source>
            <translation>%1, SHA-256 %2</translation>
        </message>
        <message>
            <source>(not readable: %1)</source>
            <translation>(nicht lesbar: %1)</translation>
        </message>
        <message>
            <source>(binary)</source>
            <translation>(binär)</translation>
        </message>
        <message>
            <source>… (and %1 more characters, not shown)</source>
            <translation>… (und %1 weitere Zeichen, nicht angezeigt)</translation>
        </message>
        <message>
            <source>Started at %1 ms, took %2 ms; allowed by the proxy.</source>
            <translation>Begonnen bei %1 ms, dauerte %2 ms; vom Proxy erlaubt.</translation>
        </message>
        <message>
            <source>Started at %1 ms, took %2 ms; denied by the proxy.</source>
            <translation>Begonnen bei %1 ms, dauerte %2 ms; vom Proxy verweigert.</translation>
        </message>
        <message>
            <source>Request headers:</source>
            <translation>Header der Anfrage:</translation>
        </message>
        <message>
            <source>Request body: %1</source>
            <translation>Inhalt der Anfrage: %1</translation>
        </message>
        <message>
            <source>No response.</source>
            <translation>Keine Antwort.</translation>
        </message>
        <message>
            <source>No response: the proxy refused the request.</source>
            <translation>Keine Antwort: Der Proxy hat die Anfrage abgelehnt.</translation>
        </message>
        <message>
            <source>Response: %1</source>
            <translation>Antwort: %1</translation>
        </message>
        <message>
            <source>Response headers:</source>
            <translation>Header der Antwort:</translation>
        </message>
        <message>
            <source>Response body: %1</source>
            <translation>Inhalt der Antwort: %1</translation>
        </message>
        <message>
            <source>… (and %1 more bytes, not shown)</source>
            <translation>… (und %1 weitere Bytes, nicht angezeigt)</translation>
        </message>
        <message>
            <location filename="../ui/panels/trafficview.cpp" line="1" />
            <source>Recorded</source>
            <translation>Aufgezeichnet</translation>
        </message>
        <message>
            <location filename="../ui/panels/trafficview.cpp" line="1" />
            <source>Replayed</source>
            <translation>Wiederholt</translation>
        </message>
        <message>
            <location filename="../ui/panels/trafficview.cpp" line="1" />
            <source>The request the replay made</source>
            <translation>Die Anfrage der Wiederholung</translation>
        </message>
        <message>
            <location filename="../ui/panels/trafficview.cpp" line="1" />
            <source>The recording has no request like it.</source>
            <translation>Die Aufzeichnung enthält keine solche Anfrage.</translation>
        </message>
        <message>
            <location filename="../ui/panels/trafficview.cpp" line="1" />
            <source>Made by the replay: %1</source>
            <translation>Von der Wiederholung gesendet: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/trafficview.cpp" line="1" />
            <source>… (its first %1 bytes shown)</source>
            <translation>… (die ersten %1 Bytes gezeigt)</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::RunSecretsDialog</name>
        <message>
            <source>Reading the files…</source>
            <translation>Dateien werden gelesen …</translation>
        </message>
        <message>
            <source>Each run gets: %1</source>
            <translation>Jeder Lauf erhält: %1</translation>
        </message>
        <message>
            <source>Runs get no secrets.</source>
            <translation>Läufe erhalten keine Geheimnisse.</translation>
        </message>
        <message>
            <source>%1 for %2</source>
            <translation>%1 für %2</translation>
        </message>
        <message>
            <source>&amp;Secrets:</source>
            <translation>&amp;Geheimnisse:</translation>
        </message>
        <message>
            <source>NAME@HOST[,HOST...], separated by semicolons. The value is Sandbench&apos;s environment variable NAME, or a file&apos;s content with NAME@HOST=file:/absolute/path: the code sees only a placeholder as $NAME, which the run&apos;s proxy replaces in request headers to those hosts over HTTPS. The policy still decides every connection. Values are never shown or saved.</source>
            <translation>NAME@HOST[,HOST...], durch Semikolons getrennt. Der Wert ist Sandbenchs Umgebungsvariable NAME oder mit NAME@HOST=file:/absoluter/pfad der Inhalt einer Datei: Der Code sieht nur einen Platzhalter als $NAME, den der Proxy des Laufs in Anfrage-Headern an diese Hosts über HTTPS ersetzt. Die Richtlinie entscheidet weiterhin über jede Verbindung. Werte werden nie angezeigt oder gespeichert.</translation>
        </message>
        <message>
            <source>e.g. OPENAI_API_KEY@api.openai.com; GH_TOKEN@api.github.com</source>
            <translation>z. B. OPENAI_API_KEY@api.openai.com; GH_TOKEN@api.github.com</translation>
        </message>
        <message>
            <source>Secrets for Runs</source>
            <translation>Geheimnisse für Läufe</translation>
        </message>
    </context>
</TS>
