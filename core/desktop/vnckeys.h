#pragma once

#include <QString>

namespace Sandbench::VncKeys {

// The X keysym RFB sends for a key: qtKey is a Qt::Key, text what the key typed (may be
// empty). Named keys (Return, arrows, modifiers, F1-F35) by their keysym, printable text by
// its character's (Latin-1 as is, the rest as 0x01000000 + code point), letters pressed with
// a modifier by their lower-case keysym. 0 when the key has none.
quint32 keysym(int qtKey, const QString &text);

} // namespace Sandbench::VncKeys
