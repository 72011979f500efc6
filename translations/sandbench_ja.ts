<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
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
            <translation>このファイル</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="42" />
            <source>its folder</source>
            <translation>そのフォルダー</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="47" />
            <source>this host and port</source>
            <translation>このホストとポート</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="52" />
            <source>the host on any port: %1 is a cloud metadata endpoint</source>
            <translation>任意のポートのホスト: %1 はクラウドのメタデータエンドポイントです</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="56" />
            <source>the host, any port</source>
            <translation>ホスト (任意のポート)</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="67" />
            <source>every name under %1</source>
            <translation>%1 配下のすべての名前</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="85" />
            <source>this address and port</source>
            <translation>このアドレスとポート</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="87" />
            <source>this variable</source>
            <translation>この変数</translation>
        </message>
        <message>
            <location filename="../core/models/allowscope.cpp" line="89" />
            <source>this program</source>
            <translation>このプログラム</translation>
        </message>
    </context>
    <context>
        <name>PolicyMarks</name>
        <message>
            <location filename="../ui/panels/policymarks.cpp" line="46" />
            <source>Error</source>
            <translation>エラー</translation>
        </message>
        <message>
            <location filename="../ui/panels/policymarks.cpp" line="47" />
            <source>Warning</source>
            <translation>警告</translation>
        </message>
        <message>
            <location filename="../ui/panels/policymarks.cpp" line="50" />
            <source>Note</source>
            <translation>注記</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/policymarks.cpp" line="81" />
            <source>%n lint finding(s)</source>
            <translation>
                <numerusform>%n 件の検査結果</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/policymarks.cpp" line="87" />
            <source>Unused in this run: "%1" in %2 allowed nothing</source>
            <translation>この実行では未使用: %2 の「%1」は何も許可しませんでした</translation>
        </message>
        <message>
            <location filename="../ui/panels/policymarks.cpp" line="94" />
            <source>%1 would allow it</source>
            <translation>%1 で許可されます</translation>
        </message>
        <message>
            <location filename="../ui/panels/policymarks.cpp" line="95" />
            <source>no entry can allow it</source>
            <translation>許可できるエントリはありません</translation>
        </message>
        <message>
            <location filename="../ui/panels/policymarks.cpp" line="96" />
            <source>Denied in this run (%1×): %2 %3 — %4</source>
            <translation>この実行で拒否 (%1 回): %2 %3 — %4</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/policymarks.cpp" line="102" />
            <source>in this run: %n unused grant(s)</source>
            <translation>
                <numerusform>この実行で未使用の許可: %n 件</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/policymarks.cpp" line="103" />
            <source>%n denied resource(s)</source>
            <translation>
                <numerusform>拒否されたリソース %n 件</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>QObject</name>
        <message>
            <location filename="../ui/doctordialog.cpp" line="23" />
            <source>Layers: not checked</source>
            <translation>レイヤー: 未確認</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="25" />
            <source>Layers: all held</source>
            <translation>レイヤー: すべて有効</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/doctordialog.cpp" line="26" />
            <source>Layers: %n missing: %1</source>
            <translation>
                <numerusform>レイヤー: %n 件欠落: %1</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Sandbench::AgentCallsModel</name>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="101" />
            <source>refused (%1): %2</source>
            <translation>拒否 (%1): %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="104" />
            <source>error</source>
            <translation>エラー</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="104" />
            <source>error: %1</source>
            <translation>エラー: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="106" />
            <source>ok</source>
            <translation>OK</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="155" />
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="157" />
            <source>%1 allowed, %2 denied</source>
            <translation>許可 %1、拒否 %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="181" />
            <source>#</source>
            <translation>#</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="182" />
            <source>Time</source>
            <translation>時刻</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="183" />
            <source>Tool</source>
            <translation>ツール</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="184" />
            <source>Arguments</source>
            <translation>引数</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="185" />
            <source>Outcome</source>
            <translation>結果</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="186" />
            <source>Duration</source>
            <translation>所要時間</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentcallsmodel.cpp" line="187" />
            <source>Decisions</source>
            <translation>判定</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::AgentSessionView</name>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="53" />
            <source>… (%1 more characters)</source>
            <translation>… (残り %1 文字)</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="57" />
            <source>
… (cut: %1 characters in all)</source>
            <translation>
… (省略: 全体で %1 文字)</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="95" />
            <source>The image is over %1 MiB; not shown.</source>
            <translation>画像が %1 MiB を超えるため表示しません。</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="100" />
            <source>The image is not valid base64.</source>
            <translation>画像が正しい base64 ではありません。</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="110" />
            <source>The image is %1×%2 pixels, over the %3 a side shown.</source>
            <translation>画像は %1×%2 ピクセルで、表示できる一辺 %3 を超えています。</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="112" />
            <source>The image is not a PNG: %1</source>
            <translation>画像が PNG ではありません: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="117" />
            <source>The image could not be decoded: %1</source>
            <translation>画像をデコードできませんでした: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="130" />
            <source>The selected call's arguments</source>
            <translation>選択した呼び出しの引数</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="131" />
            <source>What the selected call answered</source>
            <translation>選択した呼び出しの応答</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="163" />
            <source>Kind</source>
            <translation>種類</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="163" />
            <source>Action</source>
            <translation>操作</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="163" />
            <source>Resource</source>
            <translation>リソース</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="163" />
            <source>Decision</source>
            <translation>判定</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="163" />
            <source>Rule</source>
            <translation>ルール</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="234" />
            <source>%1 (%2)</source>
            <translation>%1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="237" />
            <source>client not introduced yet</source>
            <translation>クライアントは未通知</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="238" />
            <source>client %1 %2</source>
            <translation>クライアント %1 %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="240" />
            <source>protocol %1</source>
            <translation>プロトコル %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="241" />
            <source>over %1</source>
            <translation>%1 経由</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="242" />
            <source>recorded %1</source>
            <translation>記録 %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="243" />
            <source>tool sets: %1</source>
            <translation>ツールセット: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="243" />
            <source>none</source>
            <translation>なし</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="245" />
            <source>image %1</source>
            <translation>イメージ %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="247" />
            <source>network %1</source>
            <translation>ネットワーク %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/agentsessionview.cpp" line="248" />
            <source>%n call(s)</source>
            <translation>
                <numerusform>%n 件の呼び出し</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="258" />
            <source>ended: %1</source>
            <translation>終了: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="260" />
            <source>live: the server is still running; new calls show as they are made</source>
            <translation>ライブ: サーバーは稼働中です。新しい呼び出しは発生するとすぐ表示されます</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="262" />
            <source>no end: the server is still running or died before closing the session</source>
            <translation>終了なし: サーバーが稼働中か、セッションを閉じる前に停止しました</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="264" />
            <source>(its last line was cut off)</source>
            <translation>(最後の行が途中で切れています)</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="297" />
            <source>Stopped following it: %1</source>
            <translation>追跡を停止しました: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/agentsessionview.cpp" line="370" />
            <source>Decoding the screenshot…</source>
            <translation>スクリーンショットをデコードしています…</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::AllowScopeDialog</name>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="68" />
            <source>Allow Denied Access</source>
            <translation>拒否されたアクセスを許可</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="70" />
            <source>Denied resources</source>
            <translation>拒否されたリソース</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="71" />
            <source>Allow</source>
            <translation>許可</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="71" />
            <source>Kind</source>
            <translation>種類</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="71" />
            <source>Resource</source>
            <translation>リソース</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="71" />
            <source>Denials</source>
            <translation>拒否回数</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="71" />
            <source>Scope</source>
            <translation>範囲</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="88" />
            <location filename="../ui/allowscopedialog.cpp" line="95" />
            <source>Not ticked: %1</source>
            <translation>チェックなし: %1</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="99" />
            <location filename="../ui/allowscopedialog.cpp" line="120" />
            <location filename="../ui/allowscopedialog.cpp" line="131" />
            <source>Not offered:</source>
            <translation>提示されない範囲:</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="109" />
            <source>not offered</source>
            <translation>提示なし</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="116" />
            <source>Scope for %1</source>
            <translation>%1 の範囲</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="139" />
            <source>Policy changes</source>
            <translation>ポリシーの変更</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="146" />
            <source>&amp;Apply to Policy</source>
            <translation>ポリシーに適用(&amp;A)</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="147" />
            <source>Put the changed policy into the policy editor (not saved yet)</source>
            <translation>変更したポリシーをポリシーエディターに入れます (まだ保存されません)</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="151" />
            <source>Choose how wide each rule reaches. Folders such as / or your home folder are never offered.</source>
            <translation>各ルールの範囲を選んでください。/ やホームフォルダーのようなフォルダーは提示されません。</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="158" />
            <source>The policy changes like this:</source>
            <translation>ポリシーは次のように変わります:</translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="216" />
            <source>Nothing chosen: the policy stays as it is.</source>
            <translation>何も選ばれていません: ポリシーは変わりません。</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/allowscopedialog.cpp" line="217" />
            <source>%Ln rule(s) to add.</source>
            <translation>
                <numerusform>追加するルール: %Ln 件。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/allowscopedialog.cpp" line="224" />
            <source>Look again before you apply:</source>
            <translation>適用する前に確認してください:</translation>
        </message>
        <message>
            <source>The policy text cannot take the rules: %1</source>
            <translation>ポリシーのテキストにルールを追加できません: %1</translation>
        </message>
        <message>
            <source>Nothing can be applied until the policy text reads again.</source>
            <translation>ポリシーのテキストが再び読めるようになるまで何も適用できません。</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::AuditLogModel</name>
        <message>
            <source>closed after %1 ms</source>
            <translation>%1 ms 後に終了</translation>
        </message>
        <message>
            <source>closed: %1 bytes out, %2 bytes in, %3 ms</source>
            <translation>終了: 送信 %1 バイト、受信 %2 バイト、%3 ms</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="79" />
            <source>unreadable line</source>
            <translation>読み取れない行</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="92" />
            <source>allowed by %1</source>
            <translation>%1 により許可</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="168" />
            <source>(all)</source>
            <translation>(すべて)</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="189" />
            <source>#</source>
            <translation>#</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="190" />
            <source>Time</source>
            <translation>時刻</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="191" />
            <source>Kind</source>
            <translation>種類</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="192" />
            <source>Action</source>
            <translation>操作</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="193" />
            <source>Resource</source>
            <translation>リソース</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="194" />
            <source>Decision</source>
            <translation>判定</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="195" />
            <source>Rule</source>
            <translation>ルール</translation>
        </message>
        <message>
            <location filename="../core/models/auditlogmodel.cpp" line="196" />
            <source>Reason</source>
            <translation>理由</translation>
        </message>
        <message>
            <source>(the script's own code)</source>
            <translation>(スクリプト自身のコード)</translation>
        </message>
        <message>
            <source>(the code of %1)</source>
            <translation>(%1 のコード)</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::AuditPanel</name>
        <message>
            <source>#%1 closed: a connection allowed by %2.</source>
            <translation>#%1 終了: %2 により許可された接続。</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="113" />
            <source>Allow this</source>
            <translation>これを許可</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="114" />
            <source>&amp;Allow Selected Denials…</source>
            <translation>選択した拒否を許可(&amp;A)…</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="115" />
            <source>Allow All &amp;Denials of This Run…</source>
            <translation>この実行のすべての拒否を許可(&amp;D)…</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="128" />
            <source>Permission decisions</source>
            <translation>権限の判定</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="148" />
            <source>Decision</source>
            <translation>判定</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="157" />
            <source>All kinds</source>
            <translation>すべての種類</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="160" />
            <source>All decisions</source>
            <translation>すべての判定</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="161" />
            <source>Allowed</source>
            <translation>許可</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="162" />
            <source>Denied</source>
            <translation>拒否</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="163" />
            <source>Filter by path, host, rule…</source>
            <translation>パス・ホスト・ルールで絞り込み…</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="166" />
            <source>Allow the selected denials</source>
            <translation>選択した拒否を許可</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="175" />
            <source>Add rules that allow the selected denied accesses to the policy, choosing the scope of each (%1)</source>
            <translation>選択した拒否アクセスを許可するルールを、それぞれの範囲を選んでポリシーに追加します (%1)</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="178" />
            <source>Add rules for every distinct denial of this run or log</source>
            <translation>この実行またはログの個々の拒否すべてにルールを追加します</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="193" />
            <source>Open audit log</source>
            <translation>開いている監査ログ</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="196" />
            <source>Why the current row was decided so</source>
            <translation>現在の行がそう判定された理由</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="199" />
            <source>Open an audit log file</source>
            <translation>監査ログファイルを開く</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="200" />
            <source>Kind filter</source>
            <translation>種類フィルター</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="201" />
            <source>Decision filter</source>
            <translation>判定フィルター</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="202" />
            <source>Text filter</source>
            <translation>テキストフィルター</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="233" />
            <source>indexed in %1 ms</source>
            <translation>%1 ms で索引作成</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="237" />
            <source>filtered in %1 ms</source>
            <translation>%1 ms で絞り込み</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="239" />
            <source>indexed</source>
            <translation>索引作成済み</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="260" />
            <source>filtering…</source>
            <translation>絞り込み中…</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="266" />
            <source>indexing…</source>
            <translation>索引作成中…</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="332" />
            <source>%1 of %2 lines shown</source>
            <translation>%2 行中 %1 行を表示</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="332" />
            <source>%1 of %2 decisions shown</source>
            <translation>%2 件の判定中 %1 件を表示</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="333" />
            <source>%1 allowed</source>
            <translation>許可 %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="334" />
            <source>%1 denied</source>
            <translation>拒否 %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="338" />
            <source>%1 more only in the audit file</source>
            <translation>他 %1 件は監査ファイルのみ</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="397" />
            <source>Select a row to see what decided it.</source>
            <translation>行を選ぶと、何が判定したかが表示されます。</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="406" />
            <source>This line is not an audit event.</source>
            <translation>この行は監査イベントではありません。</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="408" />
            <source>(no rule named)</source>
            <translation>(ルール名なし)</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="411" />
            <source>#%1 allowed by %2.</source>
            <translation>#%1 は %2 により許可されました。</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="413" />
            <source>#%1 denied by %2: %3</source>
            <translation>#%1 は %2 により拒否されました: %3</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="416" />
            <source>allowed by adding %1</source>
            <translation>%1 を追加すると許可</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="423" />
            <source>allows it</source>
            <translation>許可します</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="423" />
            <source>denies it</source>
            <translation>拒否します</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="424" />
            <source>The policy in the editor %1 (%2)</source>
            <translation>エディターのポリシーは%1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="426" />
            <source>to change that: %1</source>
            <translation>変更するには: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="428" />
            <source>but look again: %1</source>
            <translation>ただし確認してください: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="198" />
            <source>Open Log…</source>
            <translation>ログを開く…</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="278" />
            <location filename="../ui/panels/auditpanel.cpp" line="284" />
            <source>Open Audit Log</source>
            <translation>監査ログを開く</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="279" />
            <source>Audit logs (*.jsonl *.log);;All files (*)</source>
            <translation>監査ログ (*.jsonl *.log);;すべてのファイル (*)</translation>
        </message>
        <message>
            <location filename="../ui/panels/auditpanel.cpp" line="336" />
            <source>%1 unreadable</source>
            <translation>読めない行 %1</translation>
        </message>
        <message>
            <source>Opened the audit log %1: %2 lines, %3 allowed, %4 denied</source>
            <translation>監査ログ %1 を開きました: %2 行、許可 %3、拒否 %4</translation>
        </message>
        <message>
            <source>%1 not audit events</source>
            <translation>監査イベントでない行 %1</translation>
        </message>
        <message>
            <source>The audit log %1 is empty: it holds no decisions.</source>
            <translation>監査ログ %1 は空です: 判定が含まれていません。</translation>
        </message>
        <message>
            <source>the filter shows %1 of them</source>
            <translation>フィルターで表示中 %1 件</translation>
        </message>
        <message>
            <source>No audit log opened.</source>
            <translation>監査ログは開かれませんでした。</translation>
        </message>
        <message>
            <source>Cannot open the audit log %1: %2</source>
            <translation>監査ログ %1 を開けません: %2</translation>
        </message>
        <message>
            <source>There is no decision to allow: the audit log is empty.</source>
            <translation>許可する判定がありません: 監査ログは空です。</translation>
        </message>
        <message>
            <source>Select a denied row first (arrow keys or a click).</source>
            <translation>まず拒否された行を選んでください (矢印キーまたはクリック)。</translation>
        </message>
        <message>
            <source>Row %1 is not an audit event: there is nothing to allow.</source>
            <translation>行 %1 は監査イベントではありません: 許可するものはありません。</translation>
        </message>
        <message>
            <source>#%1 was allowed: there is nothing to allow.</source>
            <translation>#%1 は許可されました: 許可するものはありません。</translation>
        </message>
        <message>
            <source>#%1 was denied, but no policy rule can allow a %2 access: the policy has no allow list for it.</source>
            <translation>#%1 は拒否されましたが、%2 アクセスを許可できるポリシールールはありません: ポリシーにそのための許可リストがありません。</translation>
        </message>
        <message>
            <source>The selected rows hold no denial a policy rule can allow.</source>
            <translation>選択した行には、ポリシールールで許可できる拒否がありません。</translation>
        </message>
        <message>
            <source>#%1 denied by %2.</source>
            <translation>#%1 は %2 により拒否されました。</translation>
        </message>
        <message>
            <source>but look again, lint says: “%1”</source>
            <translation>ただし再確認を。検査結果: “%1”</translation>
        </message>
        <message>
            <source>Engine's message to the script (as sent): “%1”</source>
            <translation>エンジンがスクリプトに送ったメッセージ (原文): “%1”</translation>
        </message>
        <message>
            <source>There is no denial in the audit log.</source>
            <translation>監査ログに拒否はありません。</translation>
        </message>
        <message>
            <source>No denial in the next %L1 rows: press the key again to look further.</source>
            <translation>次の %L1 行に拒否はありません: もう一度キーを押すと続きを探します。</translation>
        </message>
        <message>
            <source>The rows shown hold no denial (the filter may hide them).</source>
            <translation>表示中の行に拒否はありません (フィルターで隠れている可能性があります)。</translation>
        </message>
        <message>
            <source>Add the selected denied hosts to this sandbox&apos;s list for the next New… (%1)</source>
            <translation>選択した拒否ホストを次の「新規…」用にこのサンドボックスのリストへ追加 (%1)</translation>
        </message>
        <message>
            <source>sandbox %1</source>
            <translation>サンドボックス %1</translation>
        </message>
        <message>
            <source>Allow this adds %1 to the list of the next new sandbox</source>
            <translation>「これを許可」で %1 を次の新しいサンドボックスのリストに追加します</translation>
        </message>
        <message>
            <source>The proxy&apos;s reason: %1</source>
            <translation>プロキシの理由: %1</translation>
        </message>
        <message>
            <source>%1 bytes out, %2 bytes in, %3 ms</source>
            <translation>送信 %1 バイト、受信 %2 バイト、%3 ms</translation>
        </message>
        <message>
            <source>The sandbox has made no connection yet.</source>
            <translation>サンドボックスはまだ接続していません。</translation>
        </message>
        <message>
            <source>Select a denied connection first (arrow keys or a click).</source>
            <translation>先に拒否された接続を選択してください (矢印キーまたはクリック)。</translation>
        </message>
        <message>
            <source>%1 is in the sandbox&apos;s list already.</source>
            <translation>%1 はすでにサンドボックスのリストにあります。</translation>
        </message>
        <message>
            <source>#%1 is not a connection a host can be allowed for.</source>
            <translation>#%1 はホストを許可できる接続ではありません。</translation>
        </message>
        <message>
            <source>The selected rows hold no denied connection to allow.</source>
            <translation>選択した行に許可できる拒否された接続はありません。</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ConsolePanel</name>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="31" />
            <source>Follow</source>
            <translation>追従</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="40" />
            <source>Output of the script appears here. F5 runs it.</source>
            <translation>スクリプトの出力はここに表示されます。F5 で実行します。</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="42" />
            <source>Keep the newest output in view</source>
            <translation>最新の出力を表示し続けます</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="45" />
            <source>Copy</source>
            <translation>コピー</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="46" />
            <source>Copy the selection, or everything when nothing is selected</source>
            <translation>選択範囲をコピーします (選択がなければ全体)</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="49" />
            <source>Clear</source>
            <translation>消去</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="52" />
            <source>Find</source>
            <translation>検索</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="55" />
            <source>Find in output</source>
            <translation>出力内を検索</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="59" />
            <source>Next match</source>
            <translation>次の一致</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="62" />
            <source>Previous match</source>
            <translation>前の一致</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="138" />
            <source>[… %1 bytes of output skipped to keep up; the run result keeps the head and tail …]</source>
            <translation>[… 表示が追いつかないため出力 %1 バイトを省略しました。実行結果には先頭と末尾が残ります …]</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="298" />
            <source>Run %1</source>
            <translation>実行 %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="299" />
            <source>Run %1 — audit log: %2</source>
            <translation>実行 %1 — 監査ログ: %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="303" />
            <source>Could not run: %1</source>
            <translation>実行できませんでした: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="308" />
            <source>exit code %1</source>
            <translation>終了コード %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="310" />
            <source>timed out</source>
            <translation>タイムアウト</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="312" />
            <source>stopped</source>
            <translation>停止</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="314" />
            <source>output truncated</source>
            <translation>出力を切り詰め</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="315" />
            <source>%1 allowed, %2 denied</source>
            <translation>許可 %1、拒否 %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="316" />
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="317" />
            <source>Finished: %1</source>
            <translation>完了: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="324" />
            <source>Run %1 (%2)</source>
            <translation>実行 %1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="328" />
            <source>[%1 more bytes were not kept for the history]</source>
            <translation>[さらに %1 バイトは履歴に保存されていません]</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="1" />
            <source>Run %1 — %2</source>
            <translation>実行 %1 — %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/consolepanel.cpp" line="1" />
            <source>Could not run. The engine's message, as it gave it:</source>
            <translation>実行できませんでした。エンジンのメッセージ (原文のまま):</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::DesktopPanel</name>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="28" />
            <source>Then Enter</source>
            <translation>続けて Enter</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="34" />
            <source>Press Enter in the sandbox after the text (an empty box sends Enter alone)</source>
            <translation>テキストの後にサンドボックスで Enter を押します (空の場合は Enter のみ送信)</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="49" />
            <source>Text to type into the sandbox; Return sends it</source>
            <translation>サンドボックスに入力するテキスト。Return で送信</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="25" />
            <source>Live</source>
            <translation>ライブ</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="46" />
            <source> fps</source>
            <translation> fps</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="47" />
            <source>Screenshots per second; a slow sandbox gives fewer</source>
            <translation>1 秒あたりのスクリーンショット数 (遅いサンドボックスでは少なくなります)</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="50" />
            <source>Snapshot</source>
            <translation>スナップショット</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="51" />
            <source>Save PNG…</source>
            <translation>PNG を保存…</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="92" />
            <source>Save screenshot</source>
            <translation>スクリーンショットを保存</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="93" />
            <source>PNG images (*.png)</source>
            <translation>PNG 画像 (*.png)</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="95" />
            <source>Cannot write %1</source>
            <translation>%1 に書き込めません</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="113" />
            <source>click at %1, %2</source>
            <translation>%1, %2 をクリック</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="117" />
            <source>scroll</source>
            <translation>スクロール</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="141" />
            <source>This sandbox's image has no desktop</source>
            <translation>このサンドボックスのイメージにはデスクトップがありません</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="141" />
            <source>No sandbox</source>
            <translation>サンドボックスなし</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="147" />
            <source>The sandbox is gone</source>
            <translation>サンドボックスはもうありません</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="147" />
            <source>The sandbox was released</source>
            <translation>サンドボックスは解放されました</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="150" />
            <source>Connecting to %1…</source>
            <translation>%1 に接続中…</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="178" />
            <source>No screen: %1</source>
            <translation>画面なし: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="185" />
            <source>The sandbox sent an unreadable screenshot</source>
            <translation>サンドボックスから読み取れないスクリーンショットが届きました</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="190" />
            <source>%1 × %2, %3 ms per frame</source>
            <translation>%1 × %2、1 フレーム %3 ms</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="194" />
            <source>start</source>
            <translation>開始</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="194" />
            <source>after input</source>
            <translation>入力後</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="219" />
            <source>typing</source>
            <translation>入力中</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="245" />
            <source>%1 failed: %2</source>
            <translation>%1 に失敗しました: %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/desktoppanel.cpp" line="275" />
            <source>snapshot</source>
            <translation>スナップショット</translation>
        </message>
        <message>
            <source>1:1</source>
            <translation>1:1</translation>
        </message>
        <message>
            <source>Show the sandbox's screen at its real size and scroll it, or fitted to the panel</source>
            <translation>サンドボックスの画面を実寸で表示してスクロールするか、パネルに合わせて表示します</translation>
        </message>
        <message>
            <source>Real size</source>
            <translation>実寸</translation>
        </message>
        <message>
            <source>Paused</source>
            <translation>一時停止中</translation>
        </message>
        <message>
            <source>%1 × %2, streaming</source>
            <translation>%1 × %2、ストリーム中</translation>
        </message>
        <message>
            <source>%1 × %2, streaming, %3 frames per second</source>
            <translation>%1 × %2、ストリーム中、毎秒 %3 フレーム</translation>
        </message>
        <message>
            <source>%1 × %2, streaming, the screen is still</source>
            <translation>%1 × %2、ストリーム中、画面は静止しています</translation>
        </message>
        <message>
            <source>The desktop stream closed (%1); connecting again…</source>
            <translation>デスクトップのストリームが閉じました (%1)。再接続しています…</translation>
        </message>
        <message>
            <source>No desktop stream (%1): taking screenshots instead</source>
            <translation>デスクトップのストリームがありません (%1)。代わりにスクリーンショットを撮ります</translation>
        </message>
        <message>
            <source>Screenshots per second when the desktop cannot be streamed; a slow sandbox gives fewer</source>
            <translation>デスクトップをストリームできないときの毎秒のスクリーンショット数。遅いサンドボックスでは少なくなります</translation>
        </message>
        <message>
            <source>%1 (screenshots: no stream, %2)</source>
            <translation>%1 (スクリーンショット: ストリームなし、%2)</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::DesktopView</name>
        <message>
            <location filename="../ui/panels/desktopview.cpp" line="49" />
            <source>No screen yet</source>
            <translation>まだ画面がありません</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::DoctorDialog</name>
        <message>
            <location filename="../ui/doctordialog.cpp" line="36" />
            <source>Run &amp;Again</source>
            <translation>再実行(&amp;A)</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="39" />
            <source>Layers of this machine</source>
            <translation>このマシンのレイヤー</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="41" />
            <source>Each layer the README promises is proved by trying it here, now: a namespace, a rule, a cgroup, the broker, a probe sandbox. Not checked yet.</source>
            <translation>README が約束する各レイヤーを、このマシンで今試して確かめます: 名前空間、ルール、cgroup、ブローカー、検査用サンドボックス。まだ確認していません。</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="44" />
            <source>State</source>
            <translation>状態</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="44" />
            <source>Layer</source>
            <translation>レイヤー</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="44" />
            <source>Why</source>
            <translation>理由</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="49" />
            <source>Layers and their state</source>
            <translation>レイヤーとその状態</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="82" />
            <source>Checking each layer on this machine…</source>
            <translation>このマシンの各レイヤーを確認中…</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="115" />
            <source>Every layer holds on this machine.</source>
            <translation>このマシンではすべてのレイヤーが有効です。</translation>
        </message>
        <message>
            <location filename="../ui/doctordialog.cpp" line="116" />
            <source>%1. A run or sandbox that needs a missing layer refuses to start, naming it.</source>
            <translation>%1。欠けているレイヤーが必要な実行やサンドボックスは、その名前を示して開始を拒否します。</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::DoctorStatus</name>
        <message>
            <location filename="../ui/doctorstatus.cpp" line="15" />
            <source>Prove each layer (namespaces, Landlock, cgroups, the broker, the sandboxes' lock-down) on this machine</source>
            <translation>このマシンで各レイヤー (名前空間、Landlock、cgroup、ブローカー、サンドボックスの封じ込め) を確かめます</translation>
        </message>
        <message>
            <location filename="../ui/doctorstatus.cpp" line="16" />
            <source>Layers of this machine</source>
            <translation>このマシンのレイヤー</translation>
        </message>
        <message>
            <location filename="../ui/doctorstatus.cpp" line="24" />
            <source>Layers: checking…</source>
            <translation>レイヤー: 確認中…</translation>
        </message>
        <message>
            <location filename="../ui/doctorstatus.cpp" line="26" />
            <source>Layers: checking… %1 of %2</source>
            <translation>レイヤー: 確認中… %1 / %2</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::LiveSessionsList</name>
        <message>
            <location filename="../ui/panels/livesessionslist.cpp" line="55" />
            <source>Live</source>
            <translation>ライブ</translation>
        </message>
        <message>
            <location filename="../ui/panels/livesessionslist.cpp" line="59" />
            <source>Agent sessions whose server (sandbench-cli mcp) is running; choose one to follow it</source>
            <translation>サーバー (sandbench-cli mcp) が稼働中のエージェントセッション。選ぶと追跡します</translation>
        </message>
        <message>
            <location filename="../ui/panels/livesessionslist.cpp" line="145" />
            <source>Live: none</source>
            <translation>ライブ: なし</translation>
        </message>
        <message>
            <location filename="../ui/panels/livesessionslist.cpp" line="145" />
            <source>Live (%1)</source>
            <translation>ライブ (%1)</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::MainWindow</name>
        <message>
            <source>The next runs get %1 as placeholders.</source>
            <translation>次の実行には %1 がプレースホルダーとして渡されます。</translation>
        </message>
        <message>
            <source>Runs get no secrets.</source>
            <translation>実行にシークレットは渡されません。</translation>
        </message>
        <message>
            <source>Runs get: %1 (Ctrl+Alt+K)</source>
            <translation>実行に渡すもの: %1 (Ctrl+Alt+K)</translation>
        </message>
        <message>
            <source>API keys the runs use without seeing them (Ctrl+Alt+K)</source>
            <translation>実行が値を見ずに使う API キー (Ctrl+Alt+K)</translation>
        </message>
        <message>
            <source>Secre&amp;ts…</source>
            <translation>シークレット(&amp;T)…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="145" />
            <source>&amp;Welcome</source>
            <translation>ようこそ(&amp;W)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="146" />
            <source>&amp;User Guide</source>
            <translation>ユーザーガイド(&amp;U)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="103" />
            <source>Replay Under the &amp;Editor's Policy</source>
            <translation>エディターのポリシーでリプレイ(&amp;E)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowwelcome.cpp" line="22" />
            <source>Welcome</source>
            <translation>ようこそ</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowwelcome.cpp" line="67" />
            <source>Sandbench User Guide</source>
            <translation>Sandbench ユーザーガイド</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowwelcome.cpp" line="69" />
            <source>Contents</source>
            <translation>目次</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowwelcome.cpp" line="70" />
            <source>Back</source>
            <translation>戻る</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowwelcome.cpp" line="53" />
            <source>Opened the example “%1”. F5 runs it.</source>
            <translation>例「%1」を開きました。F5 で実行します。</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="93" />
            <source>Script</source>
            <translation>スクリプト</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="94" />
            <source>Policy</source>
            <translation>ポリシー</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="95" />
            <source>Console</source>
            <translation>コンソール</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="96" />
            <source>Audit Log</source>
            <translation>監査ログ</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="97" />
            <source>Run History</source>
            <translation>実行履歴</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="98" />
            <source>Sessions</source>
            <translation>セッション</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="154" />
            <source>Run %1 was not recorded as a session: %2</source>
            <translation>実行 %1 はセッションとして記録されませんでした: %2</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="176" />
            <source>Ready. F5 runs the script under the policy.</source>
            <translation>準備完了。F5 でスクリプトをポリシーの下で実行します。</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="178" />
            <source>Ready. Sandboxes are unavailable: %1</source>
            <translation>準備完了。サンドボックスは使えません: %1</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="194" />
            <source>Sandboxes</source>
            <translation>サンドボックス一覧</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="195" />
            <source>Desktop</source>
            <translation>デスクトップ</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="196" />
            <source>Port Preview</source>
            <translation>ポートのプレビュー</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/mainwindow.cpp" line="320" />
            <source>Added %Ln rule(s) to the policy (not saved yet)</source>
            <translation>
                <numerusform>ポリシーに %Ln 件のルールを追加しました (まだ保存されていません)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="32" />
            <source>Unsaved changes to the script %1</source>
            <translation>スクリプト %1 の未保存の変更</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="35" />
            <source>Unsaved changes to the policy (never saved to a file)</source>
            <translation>ポリシーの未保存の変更 (ファイルに保存されたことはありません)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="36" />
            <source>Unsaved changes to the policy %1</source>
            <translation>ポリシー %1 の未保存の変更</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="47" />
            <source>The run of %1</source>
            <translation>%1 の実行</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="50" />
            <source>The replay of %1</source>
            <translation>%1 のリプレイ</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="54" />
            <source>Sandbox %1 (%2)</source>
            <translation>サンドボックス %1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="55" />
            <source>default image</source>
            <translation>既定のイメージ</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="68" />
            <source>Quit Sandbench</source>
            <translation>Sandbench を終了</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="71" />
            <source>Quitting ends what is still alive:</source>
            <translation>終了すると、まだ動いている次のものも終了します:</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="72" />
            <source>&amp;Quit Anyway</source>
            <translation>終了する(&amp;Q)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="74" />
            <source>Quitting loses unsaved changes:</source>
            <translation>終了すると、未保存の変更が失われます:</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="75" />
            <source>Quitting loses unsaved changes and ends what is still alive:</source>
            <translation>終了すると、未保存の変更が失われ、まだ動いているものも終了します:</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="76" />
            <source>&amp;Discard and Quit</source>
            <translation>破棄して終了(&amp;D)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="77" />
            <source>&amp;Save and Quit</source>
            <translation>保存して終了(&amp;S)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowquit.cpp" line="86" />
            <source>Not quitting: not everything was saved.</source>
            <translation>終了しませんでした: 保存されていないものがあります。</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="27" />
            <source>&amp;File</source>
            <translation>ファイル(&amp;F)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="28" />
            <source>&amp;New Script</source>
            <translation>新しいスクリプト(&amp;N)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="32" />
            <source>&amp;Open Script…</source>
            <translation>スクリプトを開く(&amp;O)…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="36" />
            <source>Open &amp;Recent</source>
            <translation>最近使ったファイル(&amp;R)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="37" />
            <source>&amp;Save Script</source>
            <translation>スクリプトを保存(&amp;S)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="38" />
            <source>Save Script &amp;As…</source>
            <translation>名前を付けてスクリプトを保存(&amp;A)…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="40" />
            <source>Open &amp;Policy…</source>
            <translation>ポリシーを開く(&amp;P)…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="42" />
            <source>Save Po&amp;licy</source>
            <translation>ポリシーを保存(&amp;L)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="44" />
            <source>Save Policy As…</source>
            <translation>名前を付けてポリシーを保存…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="47" />
            <source>Open Audit &amp;Log…</source>
            <translation>監査ログを開く(&amp;L)…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="50" />
            <source>Open Sess&amp;ion…</source>
            <translation>セッションを開く(&amp;I)…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="55" />
            <source>Save Run as Sessio&amp;n…</source>
            <translation>実行をセッションとして保存(&amp;N)…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="59" />
            <source>Se&amp;ttings…</source>
            <translation>設定(&amp;T)…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="61" />
            <source>&amp;Quit</source>
            <translation>終了(&amp;Q)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="65" />
            <source>&amp;Policy</source>
            <translation>ポリシー(&amp;P)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="66" />
            <source>&amp;Undo Policy Edit</source>
            <translation>ポリシーの編集を元に戻す(&amp;U)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="68" />
            <source>&amp;Redo Policy Edit</source>
            <translation>ポリシーの編集をやり直す(&amp;R)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="73" />
            <source>&amp;Allow Selected Denial…</source>
            <translation>選択した拒否を許可(&amp;A)…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="79" />
            <source>Add a rule for the denied access selected in the audit log</source>
            <translation>監査ログで選択した拒否アクセスのルールを追加します</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="83" />
            <source>&amp;Templates</source>
            <translation>テンプレート(&amp;T)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="88" />
            <location filename="../ui/mainwindowmenus.cpp" line="89" />
            <source>&amp;Run</source>
            <translation>実行(&amp;R)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="91" />
            <source>Run the script under the policy (F5)</source>
            <translation>スクリプトをポリシーの下で実行します (F5)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="92" />
            <source>&amp;Stop</source>
            <translation>停止(&amp;S)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="95" />
            <source>Stop the run and everything it started (Shift+F5)</source>
            <translation>実行と、それが起動したすべてを停止します (Shift+F5)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="98" />
            <source>Re&amp;play Session</source>
            <translation>セッションを再実行(&amp;P)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="109" />
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="113" />
            <source>&amp;View</source>
            <translation>表示(&amp;V)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="125" />
            <source>Show and focus the %1 panel; closes it when it has the focus</source>
            <translation>%1 パネルを表示してフォーカスします。フォーカスがあるときは閉じます</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="134" />
            <source>&amp;Next Panel</source>
            <translation>次のパネル(&amp;N)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="137" />
            <source>&amp;Previous Panel</source>
            <translation>前のパネル(&amp;P)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="141" />
            <source>Reset &amp;Layout</source>
            <translation>レイアウトをリセット(&amp;L)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="144" />
            <source>&amp;Help</source>
            <translation>ヘルプ(&amp;H)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="147" />
            <source>&amp;Keyboard Shortcuts</source>
            <translation>キーボードショートカット(&amp;K)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="149" />
            <source>Check &amp;Layers…</source>
            <translation>レイヤーを確認(&amp;L)…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="152" />
            <source>&amp;About Sandbench</source>
            <translation>Sandbench について(&amp;A)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="153" />
            <source>About Sandbench</source>
            <translation>Sandbench について</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="154" />
            <source>&lt;h3&gt;Sandbench %1&lt;/h3&gt;&lt;p&gt;Runs code an AI agent wrote under rules you can read, edit and audit. Every permission check is decided by Sandbench and logged.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;Sandbench %1&lt;/h3&gt;&lt;p&gt;AI エージェントが書いたコードを、読んで編集し監査できるルールの下で実行します。すべての権限チェックは Sandbench が判定し、記録します。&lt;/p&gt;</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="77" />
            <location filename="../ui/mainwindowsessions.cpp" line="105" />
            <source>Save Session</source>
            <translation>セッションを保存</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="78" />
            <source>No run has a session to save yet. Run a script first (F5); with session recording on (Settings), every run can be saved.</source>
            <translation>保存できるセッションを持つ実行はまだありません。先にスクリプトを実行してください (F5)。セッション記録が有効なら (設定)、どの実行も保存できます。</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="91" />
            <source>Save Session of Run %1</source>
            <translation>実行 %1 のセッションを保存</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="92" />
            <source>Sandbench sessions (*.sbsession)</source>
            <translation>Sandbench セッション (*.sbsession)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="99" />
            <source>Saving the session of run %1…</source>
            <translation>実行 %1 のセッションを保存しています…</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="106" />
            <source>The session of run %1 was not saved: %2</source>
            <translation>実行 %1 のセッションは保存されませんでした: %2</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="109" />
            <source>Saved the session of run %1 to %2 (%3)</source>
            <translation>実行 %1 のセッションを %2 に保存しました (%3)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="108" />
            <location filename="../ui/mainwindowmenus.cpp" line="160" />
            <source>Run</source>
            <translation>実行</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="181" />
            <source>Open Script</source>
            <translation>スクリプトを開く</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowmenus.cpp" line="181" />
            <source>Cannot open %1: %2</source>
            <translation>%1 を開けません: %2</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="248" />
            <source>unsaved policy</source>
            <translation>未保存のポリシー</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="251" />
            <source>%1%2 — %3%4 — Sandbench</source>
            <translation>%1%2 — %3%4 — Sandbench</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="278" />
            <source>The policy has an error: %1</source>
            <translation>ポリシーにエラーがあります: %1</translation>
        </message>
        <message>
            <location filename="../ui/mainwindow.cpp" line="279" />
            <source>the policy has an error</source>
            <translation>ポリシーにエラーがあります</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="61" />
            <source>Run %1 (%2)</source>
            <translation>実行 %1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="68" />
            <source>Tabs: %1</source>
            <translation>タブ: %1</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="105" />
            <source>Script editor</source>
            <translation>スクリプトエディター</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="106" />
            <source>Policy JSON editor</source>
            <translation>ポリシーの JSON エディター</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="107" />
            <source>Console output</source>
            <translation>コンソール出力</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="108" />
            <source>Run history</source>
            <translation>実行履歴</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="109" />
            <source>Live agent sessions</source>
            <translation>稼働中のエージェントセッション</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="110" />
            <source>Live sandboxes</source>
            <translation>稼働中のサンドボックス</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="111" />
            <source>Command to run in the sandbox</source>
            <translation>サンドボックスで実行するコマンド</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="112" />
            <source>Command output</source>
            <translation>コマンドの出力</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="113" />
            <source>Folder in the sandbox</source>
            <translation>サンドボックス内のフォルダー</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="114" />
            <source>Files in the sandbox</source>
            <translation>サンドボックス内のファイル</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="115" />
            <source>File content</source>
            <translation>ファイルの内容</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="116" />
            <source>Sandbox desktop</source>
            <translation>サンドボックスのデスクトップ</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="117" />
            <source>Screenshots per second</source>
            <translation>毎秒のスクリーンショット数</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="118" />
            <source>Text to type into the sandbox</source>
            <translation>サンドボックスに入力するテキスト</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="119" />
            <source>Desktop timeline</source>
            <translation>デスクトップのタイムライン</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="120" />
            <source>Port</source>
            <translation>ポート</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="121" />
            <source>Address</source>
            <translation>アドレス</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="122" />
            <source>Port preview</source>
            <translation>ポートのプレビュー</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowkeyboard.cpp" line="130" />
            <source>Audit log</source>
            <translation>監査ログ</translation>
        </message>
        <message>
            <source>%1 — Run %2</source>
            <translation>%1 — 実行 %2</translation>
        </message>
        <message>
            <source>Policy — marks from Run %1</source>
            <translation>ポリシー — 実行 %1 の印</translation>
        </message>
        <message>
            <source>Save Sessio&amp;n of Run %1…</source>
            <translation>実行 %1 のセッションを保存(&amp;N)…</translation>
        </message>
        <message>
            <source>Run %1 is still running: its output and audit log stay in view until it ends.</source>
            <translation>実行 %1 はまだ実行中です。終わるまで、その出力と監査ログが表示されたままです。</translation>
        </message>
        <message>
            <source>it is still being recorded</source>
            <translation>まだ記録中です</translation>
        </message>
        <message>
            <source>it was not recorded</source>
            <translation>記録されていません</translation>
        </message>
        <message>
            <source>Run %1 has no session to save: %2</source>
            <translation>実行 %1 には保存できるセッションがありません: %2</translation>
        </message>
        <message>
            <source>%1 (example)</source>
            <translation>%1 (例)</translation>
        </message>
        <message>
            <source>The script is empty: type some code or open a file (Ctrl+O).</source>
            <translation>スクリプトが空です: コードを入力するか、ファイルを開いてください (Ctrl+O)。</translation>
        </message>
        <message>
            <source>the script is empty</source>
            <translation>スクリプトが空です</translation>
        </message>
        <message>
            <source>Go to &amp;Next Denial</source>
            <translation>次の拒否へ移動(&amp;N)</translation>
        </message>
        <message>
            <source>Go to Pre&amp;vious Denial</source>
            <translation>前の拒否へ移動(&amp;V)</translation>
        </message>
        <message>
            <location filename="../ui/mainwindowsessions.cpp" line="1" />
            <source>Run %1 — %2</source>
            <translation>実行 %1 — %2</translation>
        </message>
        <message>
            <source>The next new sandbox allows %1 too (Sandboxes, New…)</source>
            <translation>次の新しいサンドボックスは %1 も許可します (サンドボックス、新規…)</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::PolicyEditorPanel</name>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="74" />
            <source>Templates</source>
            <translation>テンプレート</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="244" />
            <source>✔ Valid policy</source>
            <translation>✔ 有効なポリシー</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="225" />
            <source>Line %1, column %2: %3</source>
            <translation>%1 行 %2 列: %3</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="42" />
            <source>Go to error</source>
            <translation>エラーへ移動</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="227" />
            <source>The form is read-only until the policy reads again: line %1, column %2: %3</source>
            <translation>ポリシーが再び読めるまでフォームは読み取り専用です: %1 行 %2 列: %3</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="297" />
            <source>the policy</source>
            <translation>ポリシー</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="334" />
            <location filename="../ui/panels/policyeditorpanel.cpp" line="340" />
            <source>Open Policy</source>
            <translation>ポリシーを開く</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="335" />
            <source>Policies (*.json);;All files (*)</source>
            <translation>ポリシー (*.json);;すべてのファイル (*)</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="340" />
            <source>Cannot open %1: %2</source>
            <translation>%1 を開けません: %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="352" />
            <location filename="../ui/panels/policyeditorpanel.cpp" line="369" />
            <source>Save Policy</source>
            <translation>ポリシーを保存</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="352" />
            <location filename="../ui/panels/policyeditorpanel.cpp" line="369" />
            <source>Cannot save %1: %2</source>
            <translation>%1 を保存できません: %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="360" />
            <source>Save Policy As</source>
            <translation>名前を付けてポリシーを保存</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="362" />
            <source>Policies (*.json)</source>
            <translation>ポリシー (*.json)</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="380" />
            <source>Unsaved Policy</source>
            <translation>未保存のポリシー</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="380" />
            <source>The policy has unsaved changes. Save them?</source>
            <translation>ポリシーに未保存の変更があります。保存しますか?</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="396" />
            <source>Deny everything</source>
            <translation>すべて拒否</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="398" />
            <source>Read-only working folder</source>
            <translation>作業フォルダーを読み取り専用に</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="400" />
            <source>One network host</source>
            <translation>ネットワークホストを 1 つだけ</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="406" />
            <source>Apply Template</source>
            <translation>テンプレートを適用</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="407" />
            <source>Replace the current policy with “%1”?</source>
            <translation>現在のポリシーを「%1」で置き換えますか?</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="410" />
            <source>Merge keeps your entries and adds the template's to them.</source>
            <translation>マージすると、現在のエントリを残してテンプレートのエントリを追加します。</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="411" />
            <source>The policy has an error, so it cannot be merged; Undo brings the text back after a replace.</source>
            <translation>ポリシーにエラーがあるためマージできません。置き換えた後も、元に戻すでテキストを復元できます。</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="413" />
            <source>Replace</source>
            <translation>置き換え</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyeditorpanel.cpp" line="415" />
            <source>Merge</source>
            <translation>マージ</translation>
        </message>
        <message>
            <source>Not changed: %1</source>
            <translation>変更されていません: %1</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::PolicyForm</name>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="44" />
            <source>/path/to/read</source>
            <translation>/読み取る/パス</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="44" />
            <source>/path/to/write</source>
            <translation>/書き込む/パス</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="44" />
            <location filename="../ui/panels/policyform.cpp" line="45" />
            <source>host:port</source>
            <translation>ホスト:ポート</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="44" />
            <source>VARIABLE</source>
            <translation>変数名</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="45" />
            <source>program</source>
            <translation>プログラム</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="45" />
            <source>/folder</source>
            <translation>/フォルダー</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="45" />
            <source>package@version</source>
            <translation>パッケージ@バージョン</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="46" />
            <source>NAME=value</source>
            <translation>名前=値</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="52" />
            <source>Permissions</source>
            <translation>権限</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="53" />
            <source>Limits</source>
            <translation>制限</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="54" />
            <location filename="../ui/panels/policyform.cpp" line="83" />
            <source>Environment</source>
            <translation>環境</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="64" />
            <source>Sandbox: allow only what a list names</source>
            <translation>サンドボックス: リストにあるものだけを許可</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="65" />
            <source>Deny file system</source>
            <translation>ファイルシステムを拒否</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="66" />
            <source>Deny network</source>
            <translation>ネットワークを拒否</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="67" />
            <source>Deny environment</source>
            <translation>環境変数を拒否</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="68" />
            <source>Deny subprocesses</source>
            <translation>サブプロセスを拒否</translation>
        </message>
        <message>
            <source>Ask a person first (each use waits for an answer; none in time denies)</source>
            <translation>先に人に確認する (使うたびに回答を待ち、時間内に回答がなければ拒否)</translation>
        </message>
        <message>
            <source>Ask: read</source>
            <translation>確認: 読み取り</translation>
        </message>
        <message>
            <source>Ask: write</source>
            <translation>確認: 書き込み</translation>
        </message>
        <message>
            <source>Ask: network</source>
            <translation>確認: ネットワーク</translation>
        </message>
        <message>
            <source>Ask: environment</source>
            <translation>確認: 環境変数</translation>
        </message>
        <message>
            <source>Ask: run</source>
            <translation>確認: 実行</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="79" />
            <source>Read</source>
            <translation>読み取り</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="80" />
            <source>Write</source>
            <translation>書き込み</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="81" />
            <source>Network</source>
            <translation>ネットワーク</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="82" />
            <source>Listen</source>
            <translation>待ち受け</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="84" />
            <source>Run</source>
            <translation>実行</translation>
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
            <translation>なし</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="100" />
            <source> MB</source>
            <translation> MB</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="105" />
            <source> bytes</source>
            <translation> バイト</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="107" />
            <source>random</source>
            <translation>ランダム</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="110" />
            <source>real time (e.g. 2026-01-01T00:00:00Z)</source>
            <translation>実時間 (例: 2026-01-01T00:00:00Z)</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="111" />
            <source>Timeout</source>
            <translation>タイムアウト</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="112" />
            <source>Memory</source>
            <translation>メモリ</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="113" />
            <source>Output cap</source>
            <translation>出力上限</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="114" />
            <source>Seed</source>
            <translation>シード</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="115" />
            <source>Frozen time</source>
            <translation>固定時刻</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="135" />
            <source>the policy file's folder</source>
            <translation>ポリシーファイルのフォルダー</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="137" />
            <source>Working folder</source>
            <translation>作業フォルダー</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="138" />
            <source>Read-only folders</source>
            <translation>読み取り専用フォルダー</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="139" />
            <source>Packages</source>
            <translation>パッケージ</translation>
        </message>
        <message>
            <location filename="../ui/panels/policyform.cpp" line="140" />
            <source>Variables</source>
            <translation>変数</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::PortPreviewPanel</name>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="33" />
            <source>Reload</source>
            <translation>再読み込み</translation>
        </message>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="34" />
            <source>Open in browser</source>
            <translation>ブラウザーで開く</translation>
        </message>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="38" />
            <source>Port:</source>
            <translation>ポート:</translation>
        </message>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="56" />
            <source>Nothing answered on %1</source>
            <translation>%1 で応答がありません</translation>
        </message>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="72" />
            <source>The sandbox is no longer alive</source>
            <translation>サンドボックスはもう動作していません</translation>
        </message>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="113" />
            <source>This sandbox serves no port</source>
            <translation>このサンドボックスが公開しているポートはありません</translation>
        </message>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="113" />
            <source>No sandbox</source>
            <translation>サンドボックスなし</translation>
        </message>
        <message>
            <location filename="../ui/panels/portpreviewpanel.cpp" line="116" />
            <source>Loading %1…</source>
            <translation>%1 を読み込み中…</translation>
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
            <translation>%1: ほか %2 件: </translation>
        </message>
        <message>
            <source>%1: a replay always runs in the sandbox</source>
            <translation>%1: リプレイは常にサンドボックス内で実行されます</translation>
        </message>
        <message>
            <source>a host path; only the bundle&apos;s copies are read</source>
            <translation>ホストのパスです。読み取るのはバンドル内のコピーだけです</translation>
        </message>
        <message>
            <source>a host path; a replay writes only in its copy of the workdir</source>
            <translation>ホストのパスです。リプレイは作業フォルダーのコピーにだけ書き込みます</translation>
        </message>
        <message>
            <source>a host folder; only the bundle&apos;s copies are read</source>
            <translation>ホストのフォルダーです。読み取るのはバンドル内のコピーだけです</translation>
        </message>
        <message>
            <source>a replay has no network</source>
            <translation>リプレイにはネットワークがありません</translation>
        </message>
        <message>
            <source>a replay runs no host programs</source>
            <translation>リプレイはホストのプログラムを実行しません</translation>
        </message>
        <message>
            <source>the value of %1 was not recorded; the replay does not give it</source>
            <translation>%1 の値は記録されていないため、リプレイでは渡されません</translation>
        </message>
        <message>
            <source>the recording had no timeout; the replay stops after %1 s</source>
            <translation>記録にはタイムアウトがありませんでした。リプレイは %1 秒で停止します</translation>
        </message>
        <message>
            <source>%1 (a replay runs in the sandbox)</source>
            <translation>%1 (リプレイはサンドボックス内で実行されます)</translation>
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
            <translation>allow_env %1 (このマシンの変数)</translation>
        </message>
        <message>
            <source>allow_run %1</source>
            <translation>allow_run %1</translation>
        </message>
        <message>
            <source>workdir %1 (a host folder)</source>
            <translation>workdir %1 (ホストのフォルダー)</translation>
        </message>
        <message>
            <source>widened by the replay policy: </source>
            <translation>リプレイのポリシーで拡大: </translation>
        </message>
        <message>
            <source>the replay policy allows network access; a replay has no network</source>
            <translation>リプレイのポリシーはネットワークを許可していますが、リプレイにはネットワークがありません</translation>
        </message>
        <message>
            <source>refused: </source>
            <translation>拒否: </translation>
        </message>
        <message>
            <source>the replay policy allows other packages than the recording; they are not in the bundle</source>
            <translation>リプレイのポリシーは記録と異なるパッケージを許可しています。それらはバンドルにありません</translation>
        </message>
        <message>
            <source>recorded with Deno %1, replayed with %2</source>
            <translation>Deno %1 で記録、%2 でリプレイ</translation>
        </message>
        <message>
            <source>the runtime binary differs from the recorded one (sha256 %1)</source>
            <translation>ランタイムのバイナリが記録時と異なります (sha256 %1)</translation>
        </message>
        <message>
            <source>recording: </source>
            <translation>記録: </translation>
        </message>
        <message>
            <source>recorded with network %1, replayed without network</source>
            <translation>ネットワーク %1 で記録、ネットワークなしでリプレイ</translation>
        </message>
        <message>
            <source>environment values were not recorded: %1</source>
            <translation>環境変数の値は記録されていません: %1</translation>
        </message>
        <message>
            <source>values given for the replay (not recorded): %1</source>
            <translation>リプレイ用に指定された値 (記録されていません): %1</translation>
        </message>
        <message>
            <source>command environment values were not recorded: %1</source>
            <translation>コマンドの環境変数の値は記録されていません: %1</translation>
        </message>
        <message>
            <source>the replay sandbox was not released: %1</source>
            <translation>リプレイのサンドボックスは解放されませんでした: %1</translation>
        </message>
        <message>
            <source>call %1 (%2) was cancelled by the client and is not replayed</source>
            <translation>呼び出し %1 (%2) はクライアントが取り消したため、リプレイしません</translation>
        </message>
        <message>
            <source>call %1 (%2) is not replayed: an offline sandbox publishes no ports</source>
            <translation>呼び出し %1 (%2) はリプレイしません: オフラインのサンドボックスはポートを公開しません</translation>
        </message>
        <message>
            <source>call %1 (code.run) was not replayed: its exec session is not in the file</source>
            <translation>呼び出し %1 (code.run) はリプレイしませんでした: その exec セッションがファイルにありません</translation>
        </message>
        <message>
            <source>the sandbox &quot;%1&quot; had the network; the replay runs it offline</source>
            <translation>サンドボックス %1 にはネットワークがありました。リプレイではオフラインで実行します</translation>
        </message>
        <message>
            <source>call %1 (%2) did not run: recorded decision %3, not asked again</source>
            <translation>呼び出し %1 (%2) は実行されませんでした: 記録された判断 %3、再度は尋ねません</translation>
        </message>
        <message>
            <source>call %1 (%2) runs on the recorded decision %3, not asked again</source>
            <translation>呼び出し %1 (%2) は記録された判断 %3 で実行され、再度は尋ねません</translation>
        </message>
        <message>
            <source>%1: a replay asks nobody; the recorded answers stand</source>
            <translation>%1: 再実行では誰にも確認しません。記録された回答がそのまま使われます</translation>
        </message>
        <message>
            <source>the sandbox &quot;%1&quot; had variables kept by name only (%2); the replay runs it without them</source>
            <translation>サンドボックス「%1」には名前だけが記録された変数がありました (%2)。再実行はそれらなしで行います</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::RunHistoryModel</name>
        <message>
            <source>Secrets (the code saw placeholders):
%1</source>
            <translation>シークレット (コードにはプレースホルダーが見えました):
%1</translation>
        </message>
        <message>
            <source>%1 for %2</source>
            <translation>%2 用の %1</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="58" />
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="63" />
            <source>ready to save</source>
            <translation>保存できます</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="65" />
            <source>recording</source>
            <translation>記録中</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="66" />
            <source>not kept</source>
            <translation>保持されていません</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="77" />
            <source>Run</source>
            <translation>実行番号</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="78" />
            <source>Started</source>
            <translation>開始</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="79" />
            <source>Script</source>
            <translation>スクリプト</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="80" />
            <source>Status</source>
            <translation>状態</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="81" />
            <source>Duration</source>
            <translation>所要時間</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="82" />
            <source>Allowed</source>
            <translation>許可</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="83" />
            <source>Denied</source>
            <translation>拒否</translation>
        </message>
        <message>
            <location filename="../core/models/runhistorymodel.cpp" line="84" />
            <source>Session</source>
            <translation>セッション</translation>
        </message>
        <message>
            <source>Saved to %1</source>
            <translation>%1 に保存しました</translation>
        </message>
        <message>
            <source>saved: %1</source>
            <translation>保存済み: %1</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::RunHistoryPanel</name>
        <message>
            <location filename="../ui/panels/runhistorypanel.cpp" line="18" />
            <location filename="../ui/panels/runhistorypanel.cpp" line="69" />
            <source>Save Session…</source>
            <translation>セッションを保存…</translation>
        </message>
        <message>
            <location filename="../ui/panels/runhistorypanel.cpp" line="19" />
            <location filename="../ui/panels/runhistorypanel.cpp" line="70" />
            <source>Open in Sessions</source>
            <translation>セッションで開く</translation>
        </message>
        <message>
            <location filename="../ui/panels/runhistorypanel.cpp" line="37" />
            <source>Save the selected run as a .sbsession file that replays offline (Ctrl+Alt+S)</source>
            <translation>選択した実行を、オフラインで再実行できる .sbsession ファイルとして保存 (Ctrl+Alt+S)</translation>
        </message>
        <message>
            <location filename="../ui/panels/runhistorypanel.cpp" line="39" />
            <source>Show the selected run in the Sessions panel, to replay and compare it</source>
            <translation>選択した実行をセッションパネルに表示して、再実行と比較を行う</translation>
        </message>
        <message>
            <location filename="../ui/panels/runhistorypanel.cpp" line="88" />
            <source>Select a run first</source>
            <translation>先に実行を選択してください</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::RunStatusWidget</name>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="32" />
            <location filename="../ui/panels/runstatuswidget.cpp" line="95" />
            <source>Ready</source>
            <translation>準備完了</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="37" />
            <source>Seed: %1</source>
            <translation>シード: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="37" />
            <source>Seed: random</source>
            <translation>シード: ランダム</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="39" />
            <source>Time: frozen at %1</source>
            <translation>時刻: %1 に固定</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="42" />
            <source>Time: real</source>
            <translation>時刻: 実時間</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="61" />
            <source>Running… %1 s</source>
            <translation>実行中… %1 秒</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="69" />
            <source>Timed out</source>
            <translation>タイムアウト</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="71" />
            <source>Stopped</source>
            <translation>停止</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="73" />
            <source>Out of memory</source>
            <translation>メモリ不足</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="75" />
            <source>Exit code %1</source>
            <translation>終了コード %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="77" />
            <source>Output truncated</source>
            <translation>出力を切り詰め</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="78" />
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="103" />
            <source>Could not run: %1</source>
            <translation>実行できませんでした: %1</translation>
        </message>
        <message>
            <source>Run %1:</source>
            <translation>実行 %1:</translation>
        </message>
        <message>
            <location filename="../ui/panels/runstatuswidget.cpp" line="1" />
            <source>Could not run. The engine's message: “%1”</source>
            <translation>実行できませんでした。エンジンのメッセージ: “%1”</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SandboxCreateDialog</name>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="1" />
            <source>e.g. OPENAI_API_KEY@api.openai.com; GH_TOKEN@api.github.com</source>
            <translation>例: OPENAI_API_KEY@api.openai.com; GH_TOKEN@api.github.com</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="1" />
            <source>NAME@HOST[,HOST...], separated by semicolons. The value is Sandbench&apos;s environment variable NAME, or a file&apos;s content with NAME@HOST=file:/absolute/path: the sandbox sees only a placeholder, which the proxy replaces for those hosts. Values are never shown or saved.</source>
            <translation>NAME@HOST[,HOST...] をセミコロンで区切って指定します。値は Sandbench の環境変数 NAME、または NAME@HOST=file:/絶対パス で指定したファイルの内容です。サンドボックスにはプレースホルダーだけが見え、プロキシがそのホスト宛てに限り置き換えます。値は表示も保存もされません。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="1" />
            <source>&amp;Secrets:</source>
            <translation>シークレット(&amp;S):</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="1" />
            <source>Reading the secrets&apos; files…</source>
            <translation>シークレットのファイルを読み込んでいます…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="66" />
            <source>e.g. 8080, 3000</source>
            <translation>例: 8080, 3000</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="67" />
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="160" />
            <source>Ports are served only with network "all".</source>
            <translation>ポートはネットワーク「all」のときだけ公開されます。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="29" />
            <source>New sandbox</source>
            <translation>新しいサンドボックス</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="48" />
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="49" />
            <source>At most %1 s, the pool's maximum</source>
            <translation>最大 %1 秒 (プールの上限)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="58" />
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="62" />
            <source>default</source>
            <translation>既定</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="61" />
            <source> MiB</source>
            <translation> MiB</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="63" />
            <source>KEY=value, one per line</source>
            <translation>キー=値 (1 行に 1 つ)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="74" />
            <source>&amp;Image:</source>
            <translation>イメージ(&amp;I):</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="75" />
            <source>&amp;Lifetime:</source>
            <translation>有効期間(&amp;L):</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="76" />
            <source>&amp;Network:</source>
            <translation>ネットワーク(&amp;N):</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="77" />
            <source>&amp;CPUs:</source>
            <translation>CPU 数(&amp;C):</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="78" />
            <source>&amp;Memory:</source>
            <translation>メモリ(&amp;M):</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="79" />
            <source>&amp;Environment:</source>
            <translation>環境変数(&amp;E):</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="80" />
            <source>&amp;Ports:</source>
            <translation>ポート(&amp;P):</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="83" />
            <source>Create</source>
            <translation>作成</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="107" />
            <source>"%1" is not KEY=value</source>
            <translation>「%1」は キー=値 の形ではありません</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxcreatedialog.cpp" line="120" />
            <source>"%1" is not a port</source>
            <translation>「%1」はポート番号ではありません</translation>
        </message>
        <message>
            <source>none: no network; all: the whole network; allow: only the hosts listed below</source>
            <translation>none: ネットワークなし、all: ネットワーク全体、allow: 下に挙げたホストのみ</translation>
        </message>
        <message>
            <source>e.g. api.example.org, *.github.com:443, 127.0.0.1:5173</source>
            <translation>例: api.example.org, *.github.com:443, 127.0.0.1:5173</translation>
        </message>
        <message>
            <source>Host, host:port, *.domain, IP or CIDR, separated by commas. 127.0.0.1:PORT is that port on this machine and nothing else of it.</source>
            <translation>ホスト、ホスト:ポート、*.ドメイン、IP または CIDR をカンマ区切りで。127.0.0.1:PORT はこのマシンのそのポートだけを指します。</translation>
        </message>
        <message>
            <source>&amp;Allowed hosts:</source>
            <translation>許可するホスト(&amp;A):</translation>
        </message>
        <message>
            <source>Network &quot;allow&quot; needs at least one host.</source>
            <translation>ネットワーク「allow」には少なくとも 1 つのホストが必要です。</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SandboxExecWidget</name>
        <message>
            <location filename="../ui/panels/sandboxexecwidget.cpp" line="19" />
            <source>Run</source>
            <translation>実行</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxexecwidget.cpp" line="20" />
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxexecwidget.cpp" line="27" />
            <source>Shell command, e.g. ls -la &amp;&amp; uname -a</source>
            <translation>シェルコマンド (例: ls -la &amp;&amp; uname -a)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxexecwidget.cpp" line="89" />
            <source>[failed: %1]</source>
            <translation>[失敗: %1]</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxexecwidget.cpp" line="91" />
            <source>[timed out after %1 ms]</source>
            <translation>[%1 ms でタイムアウト]</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxexecwidget.cpp" line="93" />
            <source>[exit %1 in %2 ms%3]</source>
            <translation>[終了 %1、%2 ms%3]</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxexecwidget.cpp" line="94" />
            <source>, output truncated</source>
            <translation>、出力を切り詰め</translation>
        </message>
        <message>
            <source>The sandbox is paused: resume it to run a command</source>
            <translation>サンドボックスは一時停止中です。コマンドを実行するには再開してください</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SandboxFilesWidget</name>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="36" />
            <source>Save</source>
            <translation>保存</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="44" />
            <source>Name</source>
            <translation>名前</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="44" />
            <source>Size</source>
            <translation>サイズ</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="44" />
            <source>Modified</source>
            <translation>更新日時</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="53" />
            <source>Double-click a file to open it here</source>
            <translation>ファイルをダブルクリックするとここで開きます</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="56" />
            <source>Up</source>
            <translation>上へ</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="57" />
            <source>Refresh</source>
            <translation>更新</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="58" />
            <source>Upload…</source>
            <translation>アップロード…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="59" />
            <source>Download…</source>
            <translation>ダウンロード…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="60" />
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="97" />
            <source>Delete</source>
            <translation>削除</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="62" />
            <source>Delete the selected files and folders from the sandbox (asks first)</source>
            <translation>選択したファイルとフォルダーをサンドボックスから削除します (先に確認します)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="107" />
            <source>Upload into the sandbox</source>
            <translation>サンドボックスにアップロード</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="114" />
            <source>Replace File</source>
            <translation>ファイルの置き換え</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="115" />
            <source>%1 already exists in the sandbox. Replace it with the uploaded file?</source>
            <translation>%1 はサンドボックスに既にあります。アップロードするファイルで置き換えますか?</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="117" />
            <source>&amp;Replace</source>
            <translation>置き換える(&amp;R)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="118" />
            <source>The sandbox's file cannot be brought back.</source>
            <translation>サンドボックスのファイルは元に戻せません。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="201" />
            <source>Listing %1…</source>
            <translation>%1 を一覧表示中…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="213" />
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="254" />
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="419" />
            <source>%1 does not exist</source>
            <translation>%1 は存在しません</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="217" />
            <source>%n entries</source>
            <translation>
                <numerusform>%n 項目</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="249" />
            <source>Opening %1…</source>
            <translation>%1 を開いています…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="259" />
            <source>%1 (%2 bytes)</source>
            <translation>%1 (%2 バイト)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="270" />
            <source>Saving %1…</source>
            <translation>%1 を保存中…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="273" />
            <source>Saved %1</source>
            <translation>%1 を保存しました</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="283" />
            <source>Uploading %1…</source>
            <translation>%1 をアップロード中…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="285" />
            <source>Uploaded %1</source>
            <translation>%1 をアップロードしました</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="296" />
            <source>Reading %1…</source>
            <translation>%1 を読み込み中…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="297" />
            <source>the file to upload</source>
            <translation>アップロードするファイル</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="305" />
            <source>No sandbox to upload into</source>
            <translation>アップロード先のサンドボックスがありません</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="317" />
            <source>Select the files or folders to delete first</source>
            <translation>先に削除するファイルかフォルダーを選んでください</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="323" />
            <source>Nothing was deleted</source>
            <translation>何も削除されませんでした</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="334" />
            <source>Delete from Sandbox</source>
            <translation>サンドボックスから削除</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="335" />
            <source>&amp;Delete</source>
            <translation>削除(&amp;D)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="337" />
            <source>Delete the folder %1 and everything in it?</source>
            <translation>フォルダー %1 を中身ごと削除しますか?</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="338" />
            <source>Delete the file %1?</source>
            <translation>ファイル %1 を削除しますか?</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="340" />
            <source>Delete these %n items?</source>
            <translation>
                <numerusform>これら %n 件を削除しますか?</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="344" />
            <source>%1 (folder, with everything in it)</source>
            <translation>%1 (フォルダー、中身ごと)</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="346" />
            <source>and %n more</source>
            <translation>
                <numerusform>ほか %n 件</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="348" />
            <source>Folders are deleted with everything in them. This cannot be undone.</source>
            <translation>フォルダーは中身ごと削除されます。元に戻せません。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="349" />
            <source>This cannot be undone.</source>
            <translation>元に戻せません。</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="362" />
            <source>Deleting %n item(s)…</source>
            <translation>
                <numerusform>%n 件を削除中…</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="370" />
            <source>The sandbox is gone; %n item(s) were not deleted</source>
            <translation>
                <numerusform>サンドボックスがなくなりました。%n 件は削除されていません</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="377" />
            <source>Deleted %1</source>
            <translation>%1 を削除しました</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="378" />
            <source>Deleted %n items from %1</source>
            <translation>
                <numerusform>%1 から %n 件を削除しました</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="380" />
            <source>Deleted %1 of %2; not deleted: %3</source>
            <translation>%2 件中 %1 件を削除しました。削除できなかったもの: %3</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="398" />
            <source>%1 (%2)</source>
            <translation>%1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="408" />
            <source>Download from the sandbox</source>
            <translation>サンドボックスからダウンロード</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="421" />
            <source>Cannot write %1</source>
            <translation>%1 に書き込めません</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxfileswidget.cpp" line="423" />
            <source>Downloaded %1 to %2</source>
            <translation>%1 を %2 にダウンロードしました</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SandboxListModel</name>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="1" />
            <source>%1 for %2</source>
            <translation>%2 用の %1</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="1" />
            <source>Secrets (the sandbox sees placeholders):
%1</source>
            <translation>シークレット (サンドボックスにはプレースホルダーが見えます):
%1</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="1" />
            <source>secrets: %1</source>
            <translation>シークレット: %1</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="75" />
            <source>Ends at %1</source>
            <translation>%1 に終了</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="85" />
            <source>alive, desktop</source>
            <translation>動作中、デスクトップあり</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="85" />
            <source>alive</source>
            <translation>動作中</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="86" />
            <source>released</source>
            <translation>解放済み</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="87" />
            <source>gone</source>
            <translation>消滅</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="115" />
            <source>Sandbox</source>
            <translation>サンドボックス</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="116" />
            <source>Image</source>
            <translation>イメージ</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="117" />
            <source>State</source>
            <translation>状態</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="118" />
            <source>Network</source>
            <translation>ネットワーク</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="119" />
            <source>Ports</source>
            <translation>ポート</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" line="120" />
            <source>Remaining</source>
            <translation>残り時間</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" />
            <source>paused, desktop</source>
            <translation>一時停止中、デスクトップ</translation>
        </message>
        <message>
            <location filename="../core/models/sandboxlistmodel.cpp" />
            <source>paused</source>
            <translation>一時停止中</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SandboxSessionView</name>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="29" />
            <source>failed: %1</source>
            <translation>失敗: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="31" />
            <source>written</source>
            <translation>書き込み済み</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="33" />
            <source>taken</source>
            <translation>撮影済み</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="35" />
            <source>sent</source>
            <translation>送信済み</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="38" />
            <source>timed out</source>
            <translation>タイムアウト</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="39" />
            <source>exit %1</source>
            <translation>終了 %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="39" />
            <source>stopped</source>
            <translation>停止</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="85" />
            <source>Step</source>
            <translation>ステップ</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="85" />
            <source>Kind</source>
            <translation>種類</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="85" />
            <source>Command or file</source>
            <translation>コマンドまたはファイル</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="85" />
            <location filename="../ui/panels/sandboxsessionview.cpp" line="93" />
            <location filename="../ui/panels/sandboxsessionview.cpp" line="98" />
            <source>Recorded</source>
            <translation>記録</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="85" />
            <location filename="../ui/panels/sandboxsessionview.cpp" line="94" />
            <location filename="../ui/panels/sandboxsessionview.cpp" line="99" />
            <source>Replayed</source>
            <translation>再実行</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxsessionview.cpp" line="125" />
            <source>%1 (%n byte(s))</source>
            <translation>
                <numerusform>%1 (%n バイト)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="127" />
            <source>the screen</source>
            <translation>画面</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="130" />
            <source>click at %1, %2 (button %3, %4×)</source>
            <translation>%1, %2 をクリック (ボタン %3、%4 回)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="131" />
            <source>move to %1, %2</source>
            <translation>%1, %2 へ移動</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="132" />
            <source>scroll at %1, %2 by %3, %4</source>
            <translation>%1, %2 で %3, %4 スクロール</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="133" />
            <source>type “%1”</source>
            <translation>「%1」を入力</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="134" />
            <source>key %1</source>
            <translation>キー %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="154" />
            <source>Replay runs these steps again in a fresh sandbox of the same image.</source>
            <translation>再実行すると、同じイメージの新しいサンドボックスでこれらのステップをもう一度実行します。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="155" />
            <source>No Docker engine is available: this session can be browsed but not replayed.</source>
            <translation>Docker エンジンがありません。このセッションは閲覧できますが、再実行はできません。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="161" />
            <source>write</source>
            <translation>書き込み</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="162" />
            <source>screenshot</source>
            <translation>スクリーンショット</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="163" />
            <source>input</source>
            <translation>入力</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="164" />
            <source>exec</source>
            <translation>実行</translation>
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
            <translation>(表示されません: %1)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="238" />
            <source>the replayed screenshot</source>
            <translation>再生したスクリーンショット</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxsessionview.cpp" line="277" />
            <source>not a readable PNG (%n byte(s))</source>
            <translation>
                <numerusform>読めない PNG (%n バイト)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="282" />
            <source>%1×%2 pixels</source>
            <translation>%1×%2 ピクセル</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="295" />
            <source>The replay could not finish: %1</source>
            <translation>再実行を完了できませんでした: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="311" />
            <source>Replaying in a fresh sandbox of %1…</source>
            <translation>%1 の新しいサンドボックスで再実行しています…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="333" />
            <source>%1, same</source>
            <translation>%1、同じ</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="333" />
            <source>%1, differs</source>
            <translation>%1、相違あり</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sandboxsessionview.cpp" line="346" />
            <source>Identical: all %n step(s) gave the recorded output and outcome.</source>
            <translation>
                <numerusform>同一: %n 個のステップすべてが記録どおりの出力と結果になりました。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="351" />
            <source>Diverged: the replay could not be compared with the recording.</source>
            <translation>相違: リプレイを記録と比較できませんでした。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="356" />
            <source>Diverged at step %1 (%2): recorded “%3”, replayed “%4”.</source>
            <translation>ステップ %1 (%2) で相違: 記録「%3」、再実行「%4」。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxsessionview.cpp" line="366" />
            <source>Notes: %1</source>
            <translation>注記: %1</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SandboxesPanel</name>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="111" />
            <source>More time for %1 (at most %2 s):</source>
            <translation>%1 の延長時間 (最大 %2 秒):</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="116" />
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="39" />
            <source>New…</source>
            <translation>新規…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="40" />
            <source>Release</source>
            <translation>解放</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="41" />
            <source>Extend…</source>
            <translation>延長…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="42" />
            <source>Desktop</source>
            <translation>デスクトップ</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="43" />
            <location filename="../ui/panels/sandboxespanel.cpp" line="132" />
            <source>Preview port</source>
            <translation>ポートのプレビュー</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="51" />
            <source>Give the sandbox more time, up to the pool's maximum lifetime</source>
            <translation>サンドボックスの時間を延ばします (プールの最大有効期間まで)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="66" />
            <source>Exec</source>
            <translation>実行</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="67" />
            <source>Files</source>
            <translation>ファイル</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="95" />
            <source>Release Sandbox</source>
            <translation>サンドボックスを解放</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="96" />
            <source>Release sandbox %1? Its container, files and processes are removed.</source>
            <translation>サンドボックス %1 を解放しますか? コンテナー、ファイル、プロセスは削除されます。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="98" />
            <source>Sandbox %1 (%2)</source>
            <translation>サンドボックス %1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="99" />
            <source>&amp;Release</source>
            <translation>解放(&amp;R)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="109" />
            <source>Extend Sandbox</source>
            <translation>サンドボックスの延長</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="132" />
            <source>Port:</source>
            <translation>ポート:</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="143" />
            <source>%1 is gone: its lifetime is over</source>
            <translation>%1 は消滅しました: 有効期間が終わりました</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="144" />
            <source>%1 released</source>
            <translation>%1 を解放しました</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="166" />
            <source>Creating a sandbox of %1…</source>
            <translation>%1 のサンドボックスを作成中…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="166" />
            <source>the default image</source>
            <translation>既定のイメージ</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="172" />
            <source>Not created: %1</source>
            <translation>作成されませんでした: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="175" />
            <source>Created %1</source>
            <translation>%1 を作成しました</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="187" />
            <source>Release failed: %1</source>
            <translation>解放に失敗しました: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="204" />
            <source>Not extended: %1</source>
            <translation>延長されませんでした: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" line="206" />
            <source>%1 now ends at %2</source>
            <translation>%1 は %2 に終了します</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Pause</source>
            <translation>一時停止</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Resume</source>
            <translation>再開</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Freeze every process of the sandbox: memory kept, no CPU; its lifetime keeps running</source>
            <translation>サンドボックスの全プロセスを凍結します（メモリは保持、CPU は使用しません）。寿命は進み続けます</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Let the sandbox&apos;s processes carry on where they were</source>
            <translation>サンドボックスのプロセスを止まった所から続行させます</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Pausing %1…</source>
            <translation>%1 を一時停止しています…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Resuming %1…</source>
            <translation>%1 を再開しています…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Not paused: %1</source>
            <translation>一時停止できません: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>Not resumed: %1</source>
            <translation>再開できません: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>%1 paused: its processes are frozen</source>
            <translation>%1 を一時停止しました: プロセスは凍結されています</translation>
        </message>
        <message>
            <location filename="../ui/panels/sandboxespanel.cpp" />
            <source>%1 resumed</source>
            <translation>%1 を再開しました</translation>
        </message>
        <message>
            <source>The next New… allows %1 too</source>
            <translation>次の「新規…」では %1 も許可されます</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ScriptEditorPanel</name>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="31" />
            <source>// Write JavaScript or TypeScript here, or drop a file.</source>
            <translation>// ここに JavaScript か TypeScript を書くか、ファイルをドロップしてください。</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="56" />
            <source>untitled</source>
            <translation>無題</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="68" />
            <source>the script</source>
            <translation>スクリプト</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="118" />
            <location filename="../ui/panels/scripteditorpanel.cpp" line="124" />
            <location filename="../ui/panels/scripteditorpanel.cpp" line="181" />
            <source>Open Script</source>
            <translation>スクリプトを開く</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="119" />
            <source>Scripts (*.js *.mjs *.ts *.mts *.jsx *.tsx);;All files (*)</source>
            <translation>スクリプト (*.js *.mjs *.ts *.mts *.jsx *.tsx);;すべてのファイル (*)</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="124" />
            <location filename="../ui/panels/scripteditorpanel.cpp" line="182" />
            <source>Cannot open %1: %2</source>
            <translation>%1 を開けません: %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="136" />
            <location filename="../ui/panels/scripteditorpanel.cpp" line="150" />
            <source>Save Script</source>
            <translation>スクリプトを保存</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="136" />
            <location filename="../ui/panels/scripteditorpanel.cpp" line="150" />
            <source>Cannot save %1: %2</source>
            <translation>%1 を保存できません: %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="144" />
            <source>Save Script As</source>
            <translation>名前を付けてスクリプトを保存</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="145" />
            <source>Scripts (*.js *.ts);;All files (*)</source>
            <translation>スクリプト (*.js *.ts);;すべてのファイル (*)</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="161" />
            <source>Unsaved Script</source>
            <translation>未保存のスクリプト</translation>
        </message>
        <message>
            <location filename="../ui/panels/scripteditorpanel.cpp" line="161" />
            <source>The script %1 has unsaved changes. Save them?</source>
            <translation>スクリプト %1 に未保存の変更があります。保存しますか?</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SessionDiffView</name>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="111" />
            <source>Replays run offline: no network, only the session's own copies of files, no programs.</source>
            <translation>リプレイはオフラインで実行されます: ネットワークなし、セッション内のファイルのコピーのみ、プログラムなし。</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sessiondiffview.cpp" line="30" />
            <source>
[… %n more character(s) not shown]</source>
            <translation>
                <numerusform>
[… ほか %n 文字は表示していません]</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="50" />
            <source>stdout line %1</source>
            <translation>stdout の %1 行目</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="51" />
            <source>stderr line %1</source>
            <translation>stderr の %1 行目</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="52" />
            <source>audit event %1</source>
            <translation>監査イベント %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="53" />
            <source>the exit</source>
            <translation>終了状態</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="54" />
            <source>screenshot %1</source>
            <translation>スクリーンショット %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="55" />
            <source>call %1</source>
            <translation>呼び出し %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="55" />
            <source>request at step %1</source>
            <translation>ステップ %1 のリクエスト</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="82" />
            <source>Event</source>
            <translation>イベント</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="82" />
            <source>Kind</source>
            <translation>種類</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="82" />
            <source>Resource</source>
            <translation>リソース</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="82" />
            <location filename="../ui/panels/sessiondiffview.cpp" line="90" />
            <source>Recorded</source>
            <translation>記録</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="82" />
            <location filename="../ui/panels/sessiondiffview.cpp" line="95" />
            <source>Replayed</source>
            <translation>再実行</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="106" />
            <source>Stream:</source>
            <translation>ストリーム:</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="139" />
            <source>Replay the session to compare it with the recording.</source>
            <translation>セッションを再実行すると、記録と比較できます。</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sessiondiffview.cpp" line="165" />
            <source>Identical: stdout, stderr, the exit and %n audit event(s) match the recording.</source>
            <translation>
                <numerusform>同一: stdout、stderr、終了状態、%n 件の監査イベントが記録と一致します。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="227" />
            <source>Identical: every call answered as recorded.</source>
            <translation>一致: すべての呼び出しが記録どおりに応答しました。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="231" />
            <source>calls — differs at %1</source>
            <translation>呼び出し — %1 で相違</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="231" />
            <source>calls — identical</source>
            <translation>呼び出し — 一致</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="244" />
            <source>Diverged: the replay could not be compared with the recording.</source>
            <translation>相違: リプレイを記録と比較できませんでした。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="248" />
            <source>Diverged at %1: recorded “%2”, replayed “%3”.</source>
            <translation>%1 で相違: 記録「%2」、再実行「%3」。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="254" />
            <source>Also differs: %1.</source>
            <translation>ほかの相違: %1。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="262" />
            <location filename="../ui/panels/sessiondiffview.cpp" line="263" />
            <source>allow</source>
            <translation>許可</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="262" />
            <location filename="../ui/panels/sessiondiffview.cpp" line="263" />
            <source>deny</source>
            <translation>拒否</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="273" />
            <source>Notes: %1</source>
            <translation>注記: %1</translation>
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
            <translation>監査イベント</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="173" />
            <source>%1 — differs at %2</source>
            <translation>%1 — %2 で相違</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessiondiffview.cpp" line="174" />
            <source>%1 — identical</source>
            <translation>%1 — 同一</translation>
        </message>
        <message>
            <source>Replay result</source>
            <translation>リプレイの結果</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SessionsPanel</name>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="117" />
            <source>Policy in the editor</source>
            <translation>エディターのポリシー</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="175" />
            <source>Policy</source>
            <translation>ポリシー</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="115" />
            <source>The policy in the editor has an error: %1</source>
            <translation>エディターのポリシーにエラーがあります: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="90" />
            <source>Open…</source>
            <translation>開く…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="91" />
            <location filename="../ui/panels/sessionspanel.cpp" line="178" />
            <source>Replay</source>
            <translation>再実行</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="92" />
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="113" />
            <source>Run the session again, offline, and compare it with the recording (Ctrl+Shift+R)</source>
            <translation>セッションをオフラインで再実行し、記録と比較する (Ctrl+Shift+R)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="114" />
            <source>Stop the replay</source>
            <translation>再実行を停止</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="116" />
            <source>Recorded policy</source>
            <translation>記録されたポリシー</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="118" />
            <source>Policy file…</source>
            <translation>ポリシーファイル…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="119" />
            <source>The policy the replay runs under; another one shows which decisions change</source>
            <translation>再実行で使うポリシー。別のポリシーを選ぶと、変わる判定がわかります</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="139" />
            <source>under</source>
            <translation>ポリシー</translation>
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
            <translation>ランタイムが書いたままの stderr</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="166" />
            <source>File</source>
            <translation>ファイル</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="166" />
            <source>Where</source>
            <translation>場所</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="166" />
            <source>Size</source>
            <translation>サイズ</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="166" />
            <source>SHA-256</source>
            <translation>SHA-256</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="171" />
            <source>Console</source>
            <translation>コンソール</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="172" />
            <source>Audit</source>
            <translation>監査</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="173" />
            <source>Code</source>
            <translation>コード</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="174" />
            <source>Files</source>
            <translation>ファイル</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="176" />
            <source>Steps</source>
            <translation>ステップ</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="258" />
            <source>Open Session</source>
            <translation>セッションを開く</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="112" />
            <source>Open a .sbsession or .sbagent file (Ctrl+Shift+O); you can also drop one here</source>
            <translation>.sbsession または .sbagent ファイルを開く (Ctrl+Shift+O)。ここにドロップすることもできます</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="177" />
            <source>Calls</source>
            <translation>呼び出し</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="180" />
            <source>Open a session file (Ctrl+Shift+O) or drop one here.
Any run in Run History can be saved as one (Save Session).
Agent servers running now (sandbench-cli mcp) are listed under Live.</source>
            <translation>セッションファイルを開く (Ctrl+Shift+O) か、ここにドロップしてください。
実行履歴のどの実行もセッションとして保存できます (セッションを保存)。
稼働中のエージェントサーバー (sandbench-cli mcp) はライブに表示されます。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="259" />
            <source>Sandbench sessions (*.sbsession *.sbagent);;All files (*)</source>
            <translation>Sandbench セッション (*.sbsession *.sbagent);;すべてのファイル (*)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="267" />
            <source>A replay is running; stop it before opening another session.</source>
            <translation>再実行中です。別のセッションを開く前に停止してください。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="272" />
            <source>Opening %1…</source>
            <translation>%1 を開いています…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="303" />
            <source>Cannot open the session: %1</source>
            <translation>セッションを開けません: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="304" />
            <source>Cannot open %1: %2</source>
            <translation>%1 を開けません: %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="348" />
            <location filename="../ui/panels/sessionspanel.cpp" line="458" />
            <source>Recorded %1</source>
            <translation>記録日時 %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="349" />
            <source>Sandbench %1, Deno %2</source>
            <translation>Sandbench %1、Deno %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="351" />
            <source>seed %1</source>
            <translation>シード %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="353" />
            <source>time frozen at %1</source>
            <translation>時刻は %1 に固定</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="354" />
            <source>timed out</source>
            <translation>タイムアウト</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="354" />
            <source>stopped</source>
            <translation>停止</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="355" />
            <source>exit %1</source>
            <translation>終了 %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="355" />
            <source>no exit code</source>
            <translation>終了コードなし</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="356" />
            <source>%1 after %2 ms</source>
            <translation>%2 ms 後に %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="357" />
            <source>%1 allowed, %2 denied</source>
            <translation>許可 %1、拒否 %2</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="359" />
            <source>packages: %1</source>
            <translation>パッケージ: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="364" />
            <source>environment (with values): %1</source>
            <translation>環境変数 (値あり): %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="364" />
            <location filename="../ui/panels/sessionspanel.cpp" line="463" />
            <source>environment (names only): %1</source>
            <translation>環境変数 (名前のみ): %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="371" />
            <source>Recording notes: %1</source>
            <translation>記録時の注記: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="383" />
            <source>the recorded entry file</source>
            <translation>記録されたエントリーファイル</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="417" />
            <source>entry</source>
            <translation>エントリ</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="419" />
            <source>workdir</source>
            <translation>作業フォルダー</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="421" />
            <source>input</source>
            <translation>入力</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sessionspanel.cpp" line="443" />
            <source>npm packages (%n file(s))</source>
            <translation>
                <numerusform>npm パッケージ (%n ファイル)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="444" />
            <source>packages</source>
            <translation>パッケージ</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="459" />
            <source>image %1</source>
            <translation>イメージ %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="460" />
            <source>network %1</source>
            <translation>ネットワーク %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sessionspanel.cpp" line="461" />
            <source>%n step(s)</source>
            <translation>
                <numerusform>%n ステップ</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanel.cpp" line="510" />
            <source>Sandbox sessions replay in a fresh sandbox; no Docker engine is available</source>
            <translation>サンドボックスのセッションは新しいサンドボックスで再実行されます。Docker エンジンがありません</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="77" />
            <source>Replay Under Policy</source>
            <translation>ポリシーを指定して再実行</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="78" />
            <source>Policies (*.json);;All files (*)</source>
            <translation>ポリシー (*.json);;すべてのファイル (*)</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="82" />
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="116" />
            <source>Cannot use that policy: %1</source>
            <translation>そのポリシーは使えません: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="95" />
            <source>Sandbox sessions replay in a fresh sandbox, and no Docker engine is available.</source>
            <translation>サンドボックスのセッションは新しいサンドボックスで再実行されますが、Docker エンジンがありません。</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="98" />
            <source>Replaying in a fresh sandbox…</source>
            <translation>新しいサンドボックスで再実行しています…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="127" />
            <source>Replaying offline…</source>
            <translation>オフラインで再実行しています…</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="149" />
            <source>and %n more</source>
            <translation>
                <numerusform>ほか %n 件</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="150" />
            <source>Replay Under a Wider Policy?</source>
            <translation>より広いポリシーで再実行しますか?</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="151" />
            <source>The replay policy grants more than the session holds. The recorded code would get:</source>
            <translation>再実行のポリシーはセッションの記録より多くを許可します。記録されたコードに与えられるもの:</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="154" />
            <source>Replay with These Grants</source>
            <translation>この権限で再実行</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelreplay.cpp" line="182" />
            <source>The replay could not run: %1</source>
            <translation>再実行できませんでした: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelagent.cpp" line="44" />
            <source>Replaying the agent session…</source>
            <translation>エージェントセッションを再実行しています…</translation>
        </message>
        <message>
            <location filename="../ui/panels/sessionspanelagent.cpp" line="50" />
            <source>Replaying call %1 of %2…</source>
            <translation>呼び出し %1 / %2 を再実行しています…</translation>
        </message>
        <message>
            <source>Reading which values the session needs…</source>
            <translation>セッションに必要な値を読み取っています…</translation>
        </message>
        <message>
            <source>Network</source>
            <translation>ネットワーク</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::SettingsDialog</name>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="48" />
            <source>Keep every run as a session that Run History can save</source>
            <translation>すべての実行を、実行履歴から保存できるセッションとして保持する</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="49" />
            <source>Include environment variable values (they may be secrets)</source>
            <translation>環境変数の値も含める (秘密情報の場合があります)</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="52" />
            <source>Settings</source>
            <translation>設定</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="58" />
            <source>the pinned Deno found by Sandbench</source>
            <translation>Sandbench が見つけた固定版の Deno</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="59" />
            <source>the user's cache folder</source>
            <translation>ユーザーのキャッシュフォルダー</translation>
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
            <translation> バイト</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="72" />
            <source>System</source>
            <translation>システム</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="73" />
            <source>Light</source>
            <translation>ライト</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="74" />
            <source>Dark</source>
            <translation>ダーク</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="76" />
            <source>System language</source>
            <translation>システムの言語</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="90" />
            <source>Deno runtime</source>
            <translation>Deno ランタイム</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="91" />
            <source>Cache folder</source>
            <translation>キャッシュフォルダー</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="92" />
            <source>Default timeout</source>
            <translation>既定のタイムアウト</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="93" />
            <source>Default memory cap</source>
            <translation>既定のメモリ上限</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="94" />
            <source>Default output cap</source>
            <translation>既定の出力上限</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="95" />
            <source>Sessions</source>
            <translation>セッション</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="97" />
            <source>Theme</source>
            <translation>テーマ</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="98" />
            <source>Language</source>
            <translation>言語</translation>
        </message>
        <message>
            <location filename="../ui/settingsdialog.cpp" line="99" />
            <source>A new language applies when Sandbench starts again.</source>
            <translation>新しい言語は Sandbench の次回起動時に適用されます。</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ShortcutsDialog</name>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="33" />
            <source>Keyboard Shortcuts</source>
            <translation>キーボードショートカット</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="35" />
            <source>Search actions, menus or keys</source>
            <translation>操作、メニュー、キーを検索</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="37" />
            <source>Search shortcuts</source>
            <translation>ショートカットを検索</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="38" />
            <source>&amp;Search:</source>
            <translation>検索(&amp;S):</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="41" />
            <source>Keyboard shortcuts</source>
            <translation>キーボードショートカット</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="43" />
            <source>Action</source>
            <translation>操作</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="43" />
            <source>Shortcut</source>
            <translation>ショートカット</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="43" />
            <source>Menu</source>
            <translation>メニュー</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="53" />
            <source>Editors</source>
            <translation>エディター</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="54" />
            <source>Indent (in the script and policy editors)</source>
            <translation>インデント (スクリプトとポリシーのエディター)</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="55" />
            <source>Leave the editor for the next panel</source>
            <translation>エディターを出て次のパネルへ</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="56" />
            <source>Find in the console</source>
            <translation>コンソール内を検索</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="56" />
            <source>Console</source>
            <translation>コンソール</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="57" />
            <source>Next / previous tab inside a panel</source>
            <translation>パネル内の次 / 前のタブ</translation>
        </message>
        <message>
            <location filename="../ui/shortcutsdialog.cpp" line="60" />
            <source>Panels</source>
            <translation>パネル</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::StringListEdit</name>
        <message>
            <location filename="../ui/panels/stringlistedit.cpp" line="52" />
            <location filename="../ui/panels/stringlistedit.cpp" line="167" />
            <location filename="../ui/panels/stringlistedit.cpp" line="172" />
            <source>Add an entry</source>
            <translation>項目を追加</translation>
        </message>
        <message>
            <location filename="../ui/panels/stringlistedit.cpp" line="54" />
            <source>Remove the selected entry</source>
            <translation>選択した項目を削除</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::UserGuideView</name>
        <message>
            <location filename="../ui/panels/userguideview.cpp" line="64" />
            <source>This link leaves the user guide:
%1

Open it in your web browser?</source>
            <translation>このリンクはユーザーガイドの外に出ます:
%1

Web ブラウザーで開きますか?</translation>
        </message>
        <message>
            <location filename="../ui/panels/userguideview.cpp" line="63" />
            <source>Open External Link?</source>
            <translation>外部リンクを開きますか?</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::WelcomePanel</name>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="103" />
            <source>&lt;p&gt;The User Guide (Help → User Guide) explains policies, sessions, replays and sandboxes. It opens here, offline. This page is under Help → Welcome.&lt;/p&gt;</source>
            <translation>&lt;p&gt;ユーザーガイド (ヘルプ → ユーザーガイド) では、ポリシー、セッション、リプレイ、サンドボックスを説明しています。オフラインで表示されます。このページはヘルプ → ようこそ にあります。&lt;/p&gt;</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="91" />
            <source>The script into the Script panel, its policy into the Policy panel</source>
            <translation>スクリプトをスクリプトパネルに、ポリシーをポリシーパネルに</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="47" />
            <source>Tries to read a file, a variable and the network. Every attempt is denied and shows in the Audit Log, where “Allow this” adds a rule.</source>
            <translation>ファイル、変数、ネットワークを読もうとします。どの試みも拒否されて監査ログに表示され、そこで「これを許可」するとルールが追加されます。</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="67" />
            <source>&lt;h2&gt;Welcome to Sandbench&lt;/h2&gt;&lt;p&gt;Sandbench runs code an AI agent wrote under a policy you can read and edit. Every file, network, environment and program access the code asks for is decided by the policy and logged.&lt;/p&gt;&lt;p&gt;The &lt;b&gt;Script&lt;/b&gt; panel holds the code, the &lt;b&gt;Policy&lt;/b&gt; panel what it may do. &lt;b&gt;F5&lt;/b&gt; runs it; the &lt;b&gt;Console&lt;/b&gt; shows its output and the &lt;b&gt;Audit Log&lt;/b&gt; every decision. Open an example to see it at work:&lt;/p&gt;</source>
            <translation>&lt;h2&gt;Sandbench へようこそ&lt;/h2&gt;&lt;p&gt;Sandbench は、AI エージェントが書いたコードを、読んで編集できるポリシーの下で実行します。コードが求めるファイル、ネットワーク、環境変数、プログラムへのアクセスはすべてポリシーが判定し、記録されます。&lt;/p&gt;&lt;p&gt;&lt;b&gt;スクリプト&lt;/b&gt;パネルにコード、&lt;b&gt;ポリシー&lt;/b&gt;パネルに許可する内容を書きます。&lt;b&gt;F5&lt;/b&gt; で実行し、&lt;b&gt;コンソール&lt;/b&gt;に出力、&lt;b&gt;監査ログ&lt;/b&gt;にすべての判定が表示されます。例を開いて試してください:&lt;/p&gt;</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="51" />
            <source>Imports papaparse, which the policy allows in allow_packages. The first run downloads it, so it needs the network once.</source>
            <translation>ポリシーの allow_packages で許可された papaparse を読み込みます。初回の実行でダウンロードするため、一度だけネットワークが必要です。</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="44" />
            <source>Needs nothing and gets nothing: it runs under a policy that denies everything.</source>
            <translation>何も必要とせず、何も与えられません: すべてを拒否するポリシーの下で実行されます。</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="43" />
            <source>A safe script</source>
            <translation>安全なスクリプト</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="46" />
            <source>A script that is denied</source>
            <translation>拒否されるスクリプト</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="50" />
            <source>An npm package</source>
            <translation>npm パッケージ</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="89" />
            <source>Open Example</source>
            <translation>例を開く</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="100" />
            <source>Read the User Guide</source>
            <translation>ユーザーガイドを読む</translation>
        </message>
        <message>
            <location filename="../ui/panels/welcomepanel.cpp" line="114" />
            <source>Welcome page</source>
            <translation>ようこそページ</translation>
        </message>
        <message>
            <source>Policies, sessions, replays and sandboxes, offline (Help → User Guide, F1). This page is under Help → Welcome.</source>
            <translation>ポリシー、セッション、リプレイ、サンドボックスの説明をオフラインで (ヘルプ → ユーザーガイド、F1)。このページはヘルプ → ようこそ にあります。</translation>
        </message>
        <message>
            <source>&lt;h2&gt;Welcome to Sandbench&lt;/h2&gt;</source>
            <translation>&lt;h2&gt;Sandbench へようこそ&lt;/h2&gt;</translation>
        </message>
        <message>
            <source>&lt;p&gt;Sandbench runs code an AI agent wrote under a policy you can read and edit. Every file, network, environment and program access the code asks for is decided by the policy and logged.&lt;/p&gt;&lt;p&gt;The &lt;b&gt;Script&lt;/b&gt; panel holds the code, the &lt;b&gt;Policy&lt;/b&gt; panel what it may do. &lt;b&gt;F5&lt;/b&gt; runs it; the &lt;b&gt;Console&lt;/b&gt; shows its output and the &lt;b&gt;Audit Log&lt;/b&gt; every decision. Open an example to see it at work:&lt;/p&gt;</source>
            <translation>&lt;p&gt;Sandbench は、AI エージェントが書いたコードを、読んで編集できるポリシーの下で実行します。コードが求めるファイル、ネットワーク、環境変数、プログラムへのアクセスはすべてポリシーが判定し、記録されます。&lt;/p&gt;&lt;p&gt;&lt;b&gt;スクリプト&lt;/b&gt;パネルにコード、&lt;b&gt;ポリシー&lt;/b&gt;パネルに許可する内容を書きます。&lt;b&gt;F5&lt;/b&gt; で実行し、&lt;b&gt;コンソール&lt;/b&gt;に出力、&lt;b&gt;監査ログ&lt;/b&gt;にすべての判定が表示されます。例を開いて試してください:&lt;/p&gt;</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::PolicyExplain</name>
        <message>
            <source> and </source>
            <translation>、</translation>
        </message>
        <message>
            <location filename="../core/policy/policyexplain.cpp" line="65" />
            <source>%1: nothing allows it</source>
            <translation>%1: 許可するものはありません</translation>
        </message>
        <message>
            <source>%1: whatever is not denied is allowed</source>
            <translation>%1: 拒否されていないものはすべて許可</translation>
        </message>
        <message>
            <source>%1: the run's own folder is readable and writable</source>
            <translation>%1: 実行自身のフォルダーは読み書きできます</translation>
        </message>
        <message>
            <source>%1: the file being run is readable</source>
            <translation>%1: 実行中のファイルは読み取れます</translation>
        </message>
        <message>
            <source>%1: Sandbench's own module</source>
            <translation>%1: Sandbench 自身のモジュール</translation>
        </message>
        <message>
            <source>%1: Sandbench keeps the audit log and caches there, no rule reaches it</source>
            <translation>%1: Sandbench の監査ログとキャッシュの場所で、どのルールも届きません</translation>
        </message>
        <message>
            <source>%1: /proc, /dev and /sys are never part of the sandbox</source>
            <translation>%1: /proc、/dev、/sys はサンドボックスに含まれません</translation>
        </message>
        <message>
            <source>%1: a cloud metadata address, allowed only by an allow_net entry naming it exactly</source>
            <translation>%1: クラウドのメタデータアドレスで、それを正確に指定した allow_net の項目でのみ許可されます</translation>
        </message>
        <message>
            <source>%1: a variable of the runtime's own, never given</source>
            <translation>%1: ランタイム自身の変数で、渡されることはありません</translation>
        </message>
        <message>
            <source>add %1</source>
            <translation>%1 を追加</translation>
        </message>
        <message>
            <source> and turn %1 off</source>
            <translation>、%1 をオフに</translation>
        </message>
        <message>
            <source>no entry allows it: only a policy without the sandbox (and without deny switches) would</source>
            <translation>どの項目でも許可できません: サンドボックス (と拒否スイッチ) のないポリシーだけが許可します</translation>
        </message>
        <message>
            <source>nothing in a policy can allow it (%1)</source>
            <translation>ポリシーでは許可できません (%1)</translation>
        </message>
        <message>
            <source>remove %1</source>
            <translation>%1 を削除</translation>
        </message>
        <message>
            <source>removing %1 is not enough: </source>
            <translation>%1 の削除だけでは足りません: </translation>
        </message>
        <message>
            <source>turn %1 on</source>
            <translation>%1 をオンに</translation>
        </message>
        <message>
            <source>turn %1 or %2 on</source>
            <translation>%1 か %2 をオンに</translation>
        </message>
        <message>
            <source>it is inside the workdir, which the run may always read and write: set another workdir</source>
            <translation>実行が常に読み書きできる作業フォルダー内にあります: 別の作業フォルダーを設定してください</translation>
        </message>
        <message>
            <source>no policy entry decided it (%1)</source>
            <translation>ポリシーのどの項目も判定していません (%1)</translation>
        </message>
        <message>
            <source>%1: a module of the start-up graph, which the run's namespace holds</source>
            <translation>%1: 起動時のモジュールグラフの一部で、実行の名前空間に含まれます</translation>
        </message>
        <message>
            <source>nothing in a policy denies it: a module of the start-up graph is always readable</source>
            <translation>ポリシーでは拒否できません: 起動時のモジュールグラフは常に読み取れます</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::UserGuideWindow</name>
        <message>
            <source>Sandbench User Guide</source>
            <translation>Sandbench ユーザーガイド</translation>
        </message>
        <message>
            <source>Contents</source>
            <translation>目次</translation>
        </message>
        <message>
            <source>Back</source>
            <translation>戻る</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ReplayValuesDialog</name>
        <message>
            <source>Values for the Replay</source>
            <translation>リプレイ用の値</translation>
        </message>
        <message>
            <source>The session kept these variables by name only. Give their values to replay it as recorded; they are used for this replay and not saved.</source>
            <translation>このセッションはこれらの変数を名前だけ記録しました。記録どおりにリプレイするには値を入力してください。値はこのリプレイにのみ使われ、保存されません。</translation>
        </message>
        <message>
            <source>required</source>
            <translation>必須</translation>
        </message>
        <message>
            <source>optional: read from the recording machine</source>
            <translation>任意: 記録したマシンから読み取り</translation>
        </message>
        <message>
            <source>Replay</source>
            <translation>再実行</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ApprovalsPanel</name>
        <message>
            <source>Approve (A)</source>
            <translation>承認 (A)</translation>
        </message>
        <message>
            <source>Refuse (R)</source>
            <translation>拒否 (R)</translation>
        </message>
        <message>
            <source>Edit (E)</source>
            <translation>編集 (E)</translation>
        </message>
        <message>
            <source>Calls waiting for approval</source>
            <translation>承認待ちの呼び出し</translation>
        </message>
        <message>
            <source>Arguments of the selected call</source>
            <translation>選択した呼び出しの引数</translation>
        </message>
        <message>
            <source>Why it is refused (the agent reads this); Enter refuses</source>
            <translation>拒否する理由 (エージェントが読みます)。Enter で拒否</translation>
        </message>
        <message>
            <source>Reason for refusing</source>
            <translation>拒否の理由</translation>
        </message>
        <message>
            <source>Answered: %1</source>
            <translation>回答しました: %1</translation>
        </message>
        <message>
            <source>Answered: approved with changes: %1</source>
            <translation>回答しました: 変更して承認: %1</translation>
        </message>
        <message>
            <source>Held by: %1</source>
            <translation>保留の理由: %1</translation>
        </message>
        <message>
            <source>Answered: approved for the rest of this run</source>
            <translation>回答しました: この実行の残りの間、許可</translation>
        </message>
        <message>
            <source>Not answered: %1</source>
            <translation>回答できませんでした: %1</translation>
        </message>
        <message>
            <source>%1  ·  %2  ·  session %3  ·  waiting since %4</source>
            <translation>%1  ·  %2  ·  セッション %3  ·  %4 から待機中</translation>
        </message>
        <message>
            <source>No call waits for approval.</source>
            <translation>承認を待っている呼び出しはありません。</translation>
        </message>
        <message>
            <source>Type why it is refused, then press Enter.</source>
            <translation>拒否する理由を入力して Enter を押してください。</translation>
        </message>
        <message>
            <source>Editing the arguments: Ctrl+Enter approves the edit, Escape drops it.</source>
            <translation>引数を編集中: Ctrl+Enter で変更を承認、Esc で破棄します。</translation>
        </message>
        <message>
            <source>The arguments must be one JSON object: %1</source>
            <translation>引数は 1 つの JSON オブジェクトでなければなりません: %1</translation>
        </message>
        <message>
            <source>Approved with changes: %1</source>
            <translation>変更して承認しました: %1</translation>
        </message>
        <message>
            <source>Not yet one JSON object: %1</source>
            <translation>まだ 1 つの JSON オブジェクトではありません: %1</translation>
        </message>
        <message>
            <source>not an object</source>
            <translation>オブジェクトではありません</translation>
        </message>
        <message>
            <source>No change yet.</source>
            <translation>まだ変更はありません。</translation>
        </message>
        <message>
            <source>Changes: %1</source>
            <translation>変更: %1</translation>
        </message>
        <message>
            <source>nothing</source>
            <translation>なし</translation>
        </message>
        <message>
            <source>approved</source>
            <translation>承認</translation>
        </message>
        <message>
            <source>approved with changes</source>
            <translation>変更して承認</translation>
        </message>
        <message>
            <source>refused</source>
            <translation>拒否</translation>
        </message>
        <message>
            <source>session ended</source>
            <translation>セッション終了</translation>
        </message>
        <message>
            <source>Calls held for approval cannot be shown: %1</source>
            <translation>承認待ちの呼び出しを表示できません: %1</translation>
        </message>
        <message>
            <source>For this run (F)</source>
            <translation>この実行中は許可 (F)</translation>
        </message>
        <message>
            <source>Allow this check and the same one again for the rest of the run</source>
            <translation>この確認と、実行の残りの間の同じ確認を許可</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ApprovalCue</name>
        <message>
            <source>Approvals (%1)</source>
            <translation>承認 (%1)</translation>
        </message>
        <message>
            <source>Approvals</source>
            <translation>承認</translation>
        </message>
        <message>
            <source>%1 waits for approval: %2 shows the Approvals panel.</source>
            <translation>%1 が承認を待っています: %2 で承認パネルを表示します。</translation>
        </message>
        <message numerus="yes">
            <source>%n calls wait for approval: %1 shows the Approvals panel.</source>
            <translation>
                <numerusform>%n 件の呼び出しが承認を待っています: %1 で承認パネルを表示します。</numerusform>
            </translation>
        </message>
        <message>
            <source>Sandbench: calls wait for approval</source>
            <translation>Sandbench: 承認を待っている呼び出しがあります</translation>
        </message>
        <message>
            <source>A call waits for approval</source>
            <translation>呼び出しが承認を待っています</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::ApprovalWatcher</name>
        <message>
            <source>no server holds this call any more</source>
            <translation>この呼び出しを保留しているサーバーはもうありません</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::DesktopStreamSource</name>
        <message>
            <source>the sandbox has no desktop to stream</source>
            <translation>サンドボックスにストリームできるデスクトップがありません</translation>
        </message>
        <message>
            <source>the stream could not be started</source>
            <translation>ストリームを開始できませんでした</translation>
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
            <translation>開始</translation>
        </message>
        <message>
            <source>Method</source>
            <translation>メソッド</translation>
        </message>
        <message>
            <source>URL</source>
            <translation>URL</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>ステータス</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>所要時間</translation>
        </message>
        <message>
            <source>Size</source>
            <translation>サイズ</translation>
        </message>
        <message>
            <source>Recorded requests</source>
            <translation>記録されたリクエスト</translation>
        </message>
        <message>
            <source>Request details</source>
            <translation>リクエストの詳細</translation>
        </message>
        <message>
            <source>Select a request to see its headers and bodies.</source>
            <translation>リクエストを選ぶと、そのヘッダーと本文が表示されます。</translation>
        </message>
        <message>
            <source>This session holds no network traffic: the run's policy allowed no network, or it was recorded before traffic was.</source>
            <translation>このセッションにはネットワーク通信がありません。実行のポリシーがネットワークを許可していなかったか、通信が記録される前に記録されたものです。</translation>
        </message>
        <message>
            <source>Network traffic was not recorded: %1</source>
            <translation>ネットワーク通信は記録されていません: %1</translation>
        </message>
        <message>
            <source>denied</source>
            <translation>拒否</translation>
        </message>
        <message>
            <source>no response</source>
            <translation>応答なし</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <source>Requests: %1</source>
            <translation>リクエスト: %1</translation>
        </message>
        <message>
            <source>denied by the proxy: %1</source>
            <translation>プロキシが拒否: %1</translation>
        </message>
        <message>
            <source>Redacted when recorded: %1</source>
            <translation>記録時に伏せたもの: %1</translation>
        </message>
        <message>
            <source>The replay diverged at this request</source>
            <translation>再生はこのリクエストで記録と食い違いました</translation>
        </message>
        <message>
            <source>(loading…)</source>
            <translation>(読み込み中…)</translation>
        </message>
        <message>
            <source>(empty)</source>
            <translation>(空)</translation>
        </message>
        <message>
            <source>%1, SHA-256 %2</source>
            <translation>%1、SHA-256 %2</translation>
        </message>
        <message>
            <source>(not readable: %1)</source>
            <translation>(読み取れません: %1)</translation>
        </message>
        <message>
            <source>(binary)</source>
            <translation>(バイナリ)</translation>
        </message>
        <message>
            <source>… (and %1 more characters, not shown)</source>
            <translation>… (残り %1 文字は表示していません)</translation>
        </message>
        <message>
            <source>Started at %1 ms, took %2 ms; allowed by the proxy.</source>
            <translation>%1 ms に開始、%2 ms かかりました。プロキシが許可しました。</translation>
        </message>
        <message>
            <source>Started at %1 ms, took %2 ms; denied by the proxy.</source>
            <translation>%1 ms に開始、%2 ms かかりました。プロキシが拒否しました。</translation>
        </message>
        <message>
            <source>Request headers:</source>
            <translation>リクエストヘッダー:</translation>
        </message>
        <message>
            <source>Request body: %1</source>
            <translation>リクエスト本文: %1</translation>
        </message>
        <message>
            <source>No response.</source>
            <translation>応答はありません。</translation>
        </message>
        <message>
            <source>No response: the proxy refused the request.</source>
            <translation>応答はありません。プロキシがリクエストを拒否しました。</translation>
        </message>
        <message>
            <source>Response: %1</source>
            <translation>応答: %1</translation>
        </message>
        <message>
            <source>Response headers:</source>
            <translation>応答ヘッダー:</translation>
        </message>
        <message>
            <source>Response body: %1</source>
            <translation>応答本文: %1</translation>
        </message>
        <message>
            <source>… (and %1 more bytes, not shown)</source>
            <translation>… (残り %1 バイトは表示していません)</translation>
        </message>
        <message>
            <location filename="../ui/panels/trafficview.cpp" line="1" />
            <source>Recorded</source>
            <translation>記録</translation>
        </message>
        <message>
            <location filename="../ui/panels/trafficview.cpp" line="1" />
            <source>Replayed</source>
            <translation>再実行</translation>
        </message>
        <message>
            <location filename="../ui/panels/trafficview.cpp" line="1" />
            <source>The request the replay made</source>
            <translation>再実行が送ったリクエスト</translation>
        </message>
        <message>
            <location filename="../ui/panels/trafficview.cpp" line="1" />
            <source>The recording has no request like it.</source>
            <translation>記録にはこれに似たリクエストがありません。</translation>
        </message>
        <message>
            <location filename="../ui/panels/trafficview.cpp" line="1" />
            <source>Made by the replay: %1</source>
            <translation>再実行が送信: %1</translation>
        </message>
        <message>
            <location filename="../ui/panels/trafficview.cpp" line="1" />
            <source>… (its first %1 bytes shown)</source>
            <translation>…（先頭 %1 バイトを表示）</translation>
        </message>
    </context>
    <context>
        <name>Sandbench::RunSecretsDialog</name>
        <message>
            <source>Reading the files…</source>
            <translation>ファイルを読み込んでいます…</translation>
        </message>
        <message>
            <source>Each run gets: %1</source>
            <translation>各実行に渡すもの: %1</translation>
        </message>
        <message>
            <source>Runs get no secrets.</source>
            <translation>実行にシークレットは渡されません。</translation>
        </message>
        <message>
            <source>%1 for %2</source>
            <translation>%2 用の %1</translation>
        </message>
        <message>
            <source>&amp;Secrets:</source>
            <translation>シークレット(&amp;S):</translation>
        </message>
        <message>
            <source>NAME@HOST[,HOST...], separated by semicolons. The value is Sandbench&apos;s environment variable NAME, or a file&apos;s content with NAME@HOST=file:/absolute/path: the code sees only a placeholder as $NAME, which the run&apos;s proxy replaces in request headers to those hosts over HTTPS. The policy still decides every connection. Values are never shown or saved.</source>
            <translation>NAME@HOST[,HOST...] をセミコロンで区切って指定します。値は Sandbench の環境変数 NAME、または NAME@HOST=file:/絶対パス で指定したファイルの内容です。コードには $NAME としてプレースホルダーだけが見え、実行のプロキシが HTTPS でそのホストへのリクエストヘッダー内で置き換えます。接続はすべて引き続きポリシーが決めます。値は表示も保存もされません。</translation>
        </message>
        <message>
            <source>e.g. OPENAI_API_KEY@api.openai.com; GH_TOKEN@api.github.com</source>
            <translation>例: OPENAI_API_KEY@api.openai.com; GH_TOKEN@api.github.com</translation>
        </message>
        <message>
            <source>Secrets for Runs</source>
            <translation>実行用のシークレット</translation>
        </message>
    </context>
</TS>
