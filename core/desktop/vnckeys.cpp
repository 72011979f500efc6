#include "vnckeys.h"

#include <QList>
#include <Qt>

namespace Sandbench::VncKeys {

namespace {

quint32 named(int key)
{
    switch (key) {
    case Qt::Key_Escape: return 0xff1b;
    case Qt::Key_Tab: return 0xff09;
    case Qt::Key_Backtab: return 0xfe20; // ISO_Left_Tab
    case Qt::Key_Backspace: return 0xff08;
    case Qt::Key_Return: return 0xff0d;
    case Qt::Key_Enter: return 0xff8d; // KP_Enter
    case Qt::Key_Insert: return 0xff63;
    case Qt::Key_Delete: return 0xffff;
    case Qt::Key_Pause: return 0xff13;
    case Qt::Key_Print: return 0xff61;
    case Qt::Key_Home: return 0xff50;
    case Qt::Key_End: return 0xff57;
    case Qt::Key_Left: return 0xff51;
    case Qt::Key_Up: return 0xff52;
    case Qt::Key_Right: return 0xff53;
    case Qt::Key_Down: return 0xff54;
    case Qt::Key_PageUp: return 0xff55;
    case Qt::Key_PageDown: return 0xff56;
    case Qt::Key_Shift: return 0xffe1;
    case Qt::Key_Control: return 0xffe3;
    case Qt::Key_Meta: return 0xffe7;
    case Qt::Key_Alt: return 0xffe9;
    case Qt::Key_AltGr: return 0xfe03;
    case Qt::Key_Super_L: return 0xffeb;
    case Qt::Key_Super_R: return 0xffec;
    case Qt::Key_Menu: return 0xff67;
    case Qt::Key_CapsLock: return 0xffe5;
    case Qt::Key_NumLock: return 0xff7f;
    case Qt::Key_ScrollLock: return 0xff14;
    default: break;
    }
    if (key >= Qt::Key_F1 && key <= Qt::Key_F35)
        return 0xffbe + quint32(key - Qt::Key_F1);
    return 0;
}

} // namespace

quint32 keysym(int qtKey, const QString &text)
{
    if (const quint32 k = named(qtKey))
        return k;
    // One character typed (a surrogate pair is one): its own keysym, so layouts and shifted
    // symbols arrive as the character the user saw.
    const QList<uint> codes = text.toUcs4();
    if (codes.size() == 1 && codes[0] >= 0x20 && codes[0] != 0x7f) {
        const uint c = codes[0];
        if (c < 0x100)
            return c;
        if (c <= 0x10ffff)
            return 0x01000000 + c;
    }
    // No text (a letter with Ctrl): Qt's key is the upper-case Latin-1 code; X wants lower case
    // so that ctrl+c is c with Control held, not C.
    if (qtKey >= Qt::Key_A && qtKey <= Qt::Key_Z)
        return quint32(qtKey - Qt::Key_A + 'a');
    if (qtKey >= 0x20 && qtKey <= 0xff)
        return quint32(qtKey);
    return 0;
}

} // namespace Sandbench::VncKeys
