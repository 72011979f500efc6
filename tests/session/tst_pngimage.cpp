// The PNG decoder core/ uses to compare screenshots (it cannot use QImage): every colour type
// and bit depth Qt writes, at every compression level (stored, fixed and dynamic deflate blocks),
// decodes to QImage's own pixels; damaged, forged and oversized files fail with Parse and never
// read or write out of bounds (run under the asan preset to check the latter).
#include "session/pngimage.h"

#include <QBuffer>
#include <QImage>
#include <QImageWriter>
#include <QRandomGenerator>
#include <QTest>
#include <QtEndian>

using namespace Sandbench;

namespace {

QByteArray encode(const QImage &image, int compression)
{
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    writer.setCompression(compression);
    if (!writer.write(image))
        qWarning("PNG not written: %s", qPrintable(writer.errorString()));
    return png;
}

// A picture with flat areas (long deflate matches), gradients (every filter type) and noise
// (literals), so all of the inflater and the unfilter run.
QImage pattern(int width, int height)
{
    QImage image(width, height, QImage::Format_ARGB32);
    QRandomGenerator random(42);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            QRgb pixel;
            if (y < height / 3)
                pixel = qRgba(20, 40, 60, 255);
            else if (y < 2 * height / 3)
                pixel = qRgba((x * 7) & 0xff, (y * 5) & 0xff, (x + y) & 0xff, (x * 3 + 128) & 0xff);
            else
                pixel = random.generate() | 0x80000000u;
            image.setPixel(x, y, pixel);
        }
    }
    return image;
}

// A PNG built by hand around raw scanlines (filter byte + samples per row); CRCs are left zero,
// which the decoder does not check.
QByteArray handMade(quint32 width, quint32 height, quint8 depth, quint8 colourType, const QByteArray &rawRows,
                    const QByteArray &palette = {}, quint8 interlace = 0)
{
    auto chunk = [](const QByteArray &type, const QByteArray &data) {
        QByteArray out(4, '\0');
        qToBigEndian<quint32>(quint32(data.size()), out.data());
        return out + type + data + QByteArray(4, '\0');
    };
    QByteArray header(13, '\0');
    qToBigEndian<quint32>(width, header.data());
    qToBigEndian<quint32>(height, header.data() + 4);
    header[8] = char(depth);
    header[9] = char(colourType);
    header[12] = char(interlace);
    QByteArray png("\x89PNG\r\n\x1a\n", 8);
    png += chunk("IHDR", header);
    if (!palette.isEmpty())
        png += chunk("PLTE", palette);
    png += chunk("IDAT", qCompress(rawRows).mid(4)); // qCompress: 4 size bytes, then zlib
    png += chunk("IEND", {});
    return png;
}

QRgb decodedPixel(const PngImage &image, int x, int y)
{
    const auto *p = reinterpret_cast<const uchar *>(image.rgba.constData()) + (qsizetype(y) * image.width + x) * 4;
    return qRgba(p[0], p[1], p[2], p[3]);
}

} // namespace

class TestPngImage : public QObject
{
    Q_OBJECT

private slots:
    void decodesWhatQtWrites_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("compression");
        const QList<std::pair<const char *, QImage::Format>> formats{
            {"mono", QImage::Format_Mono},               // palette, 1 bit
            {"indexed", QImage::Format_Indexed8},        // palette, 8 bits (or fewer)
            {"grey8", QImage::Format_Grayscale8},
            {"grey16", QImage::Format_Grayscale16},
            {"rgb888", QImage::Format_RGB888},
            {"rgb32", QImage::Format_RGB32},
            {"argb32", QImage::Format_ARGB32},
            {"rgba64", QImage::Format_RGBA64},           // RGBA, 16 bits
        };
        for (const auto &[name, format] : formats) {
            for (int compression : {0, 1, 100}) // 0: stored blocks; 100: zlib's level 9
                QTest::addRow("%s-%d", name, compression) << int(format) << compression;
        }
    }

    void decodesWhatQtWrites()
    {
        QFETCH(int, format);
        QFETCH(int, compression);
        // 203 wide: rows that do not end on a byte for the small depths.
        const QImage source = pattern(203, 61).convertToFormat(QImage::Format(format));
        const QByteArray png = encode(source, compression);
        QVERIFY(png.startsWith("\x89PNG"));
        auto decoded = PngImage::decode(png);
        QVERIFY2(decoded, qPrintable(decoded ? QString() : decoded.error().message));
        QCOMPARE(decoded->width, 203);
        QCOMPARE(decoded->height, 61);
        QCOMPARE(decoded->rgba.size(), 203 * 61 * 4);
        // What Qt reads back from its own file is the reference (it is what a person sees).
        QImage expected;
        QVERIFY(expected.loadFromData(png, "PNG"));
        const bool wide = expected.depth() == 64 || expected.format() == QImage::Format_Grayscale16;
        for (int y = 0; y < 61; ++y) {
            for (int x = 0; x < 203; ++x) {
                QRgb want = expected.pixel(x, y);
                if (wide) {
                    // 16-bit samples are compared by their high byte.
                    const QRgba64 c = expected.pixelColor(x, y).rgba64();
                    want = qRgba(c.red() >> 8, c.green() >> 8, c.blue() >> 8, c.alpha() >> 8);
                }
                const QRgb got = decodedPixel(*decoded, x, y);
                if (got != want)
                    QFAIL(qPrintable(QStringLiteral("(%1, %2): %3, expected %4").arg(x).arg(y)
                                             .arg(got, 8, 16, QLatin1Char('0')).arg(want, 8, 16, QLatin1Char('0'))));
            }
        }
    }

    void palettesAndSmallDepths()
    {
        // 2-bit palette, 5 pixels a row (a row is 2 bytes, the last half used), filter Sub on
        // the second row.
        const QByteArray palette("\x00\x00\x00\xff\x00\x00\x00\xff\x00\x00\x00\xff", 12);
        QByteArray rows;
        rows += QByteArray("\x00\x1b\x80", 3);        // indices 0 1 2 3 | 2
        rows += QByteArray("\x01\x1b\x00", 3);        // Sub: adds the byte to its left
        auto image = PngImage::decode(handMade(5, 2, 2, 3, rows, palette));
        QVERIFY2(image, qPrintable(image ? QString() : image.error().message));
        QCOMPARE(decodedPixel(*image, 0, 0), qRgba(0, 0, 0, 255));
        QCOMPARE(decodedPixel(*image, 1, 0), qRgba(255, 0, 0, 255));
        QCOMPARE(decodedPixel(*image, 3, 0), qRgba(0, 0, 255, 255));
        QCOMPARE(decodedPixel(*image, 4, 0), qRgba(0, 255, 0, 255));
        // Row 2, byte 2 = 0x00 + 0x1b (Sub, one byte per pixel at 2 bits): indices 0 1 2 3.
        QCOMPARE(decodedPixel(*image, 4, 1), qRgba(0, 0, 0, 255));

        // 4-bit grey scales to 0..255.
        auto grey = PngImage::decode(handMade(2, 1, 4, 0, QByteArray("\x00\x0f", 2)));
        QVERIFY(grey);
        QCOMPARE(decodedPixel(*grey, 0, 0), qRgba(0, 0, 0, 255));
        QCOMPARE(decodedPixel(*grey, 1, 0), qRgba(255, 255, 255, 255));
    }

    void refusesBadFiles_data()
    {
        QTest::addColumn<QByteArray>("png");
        QTest::addColumn<QString>("reason");
        const QByteArray row("\x00\x00", 2); // 1x1 grey 8: filter 0, one sample
        QTest::newRow("not a PNG") << QByteArray("GIF89a....") << QStringLiteral("no PNG signature");
        QTest::newRow("interlaced") << handMade(1, 1, 8, 0, row, {}, 1) << QStringLiteral("interlaced");
        QTest::newRow("zero width") << handMade(0, 1, 8, 0, row) << QStringLiteral("a size of 0 x 1");
        QTest::newRow("too many pixels") << handMade(100000, 100000, 8, 0, row) << QStringLiteral("is more than");
        QTest::newRow("bad depth") << handMade(1, 1, 3, 0, row) << QStringLiteral("colour type 0 with 3 bits");
        QTest::newRow("rgb with 4 bits") << handMade(1, 1, 4, 2, row) << QStringLiteral("colour type 2 with 4 bits");
        QTest::newRow("no palette") << handMade(1, 1, 8, 3, row) << QStringLiteral("without PLTE");
        QTest::newRow("index past palette") << handMade(1, 1, 8, 3, QByteArray("\x00\x05", 2), QByteArray(3, '\x10'))
                                            << QStringLiteral("past the palette");
        QTest::newRow("unknown filter") << handMade(1, 1, 8, 0, QByteArray("\x07\x00", 2)) << QStringLiteral("unknown filter 7");
        QTest::newRow("too little data") << handMade(4, 4, 8, 0, row) << QStringLiteral("less image data");
        // A deflate bomb in a 1x1 picture: the inflater stops at the size the header gives.
        QTest::newRow("too much data") << handMade(1, 1, 8, 0, QByteArray(1 << 20, '\0')) << QStringLiteral("more image data");
        QByteArray noEnd = handMade(1, 1, 8, 0, row);
        noEnd.chop(12);
        QTest::newRow("no IEND") << noEnd << QStringLiteral("ends before its IEND");
        QByteArray badAdler = handMade(1, 1, 8, 0, row);
        const qsizetype adler = badAdler.size() - 12 - 4 - 4; // before the IDAT CRC, then IEND
        badAdler[adler] = char(badAdler.at(adler) ^ 1);
        QTest::newRow("bad checksum") << badAdler << QStringLiteral("checksum");
        QByteArray critical = handMade(1, 1, 8, 0, row);
        critical.insert(33, QByteArray("\x00\x00\x00\x00XBAD\x00\x00\x00\x00", 12));
        QTest::newRow("unknown critical chunk") << critical << QStringLiteral("unknown critical chunk");
        QByteArray longChunk = handMade(1, 1, 8, 0, row);
        qToBigEndian<quint32>(0x7ffffff0u, longChunk.data() + 33);
        QTest::newRow("chunk past the end") << longChunk << QStringLiteral("longer than the file");
    }

    void refusesBadFiles()
    {
        QFETCH(QByteArray, png);
        QFETCH(QString, reason);
        auto image = PngImage::decode(png);
        QVERIFY(!image);
        QCOMPARE(image.error().code, ErrorCode::Parse);
        QVERIFY2(image.error().message.contains(reason), qPrintable(image.error().message));
    }

    void damagedBytesNeverCrash()
    {
        // Every prefix of a real file, and random damage to it: each decodes or fails cleanly.
        const QByteArray png = encode(pattern(64, 48), 100);
        for (qsizetype n = 0; n < png.size(); n += 7)
            QVERIFY(!PngImage::decode(png.left(n)));
        QRandomGenerator random(7);
        int failed = 0;
        for (int i = 0; i < 2000; ++i) {
            QByteArray damaged = png;
            for (int k = 0; k < 3; ++k) {
                const qsizetype at = 8 + qsizetype(random.bounded(int(damaged.size() - 8)));
                damaged[at] = char(random.generate());
            }
            if (!PngImage::decode(damaged))
                ++failed;
        }
        QVERIFY(failed > 0);
    }

    void pixelDifferenceCountsAndBoxes()
    {
        const QImage source = pattern(40, 30);
        QImage changed = source;
        changed.setPixel(3, 4, qRgba(1, 2, 3, 255));
        changed.setPixel(20, 25, qRgba(1, 2, 3, 255));
        changed.setPixel(10, 10, qRgba(1, 2, 3, 255));
        auto a = PngImage::decode(encode(source, 100));
        auto b = PngImage::decode(encode(changed, 100));
        QVERIFY(a && b);
        QCOMPARE(pixelDifference(*a, *a).pixels, 0);
        QVERIFY(pixelDifference(*a, *a).box.isEmpty());
        const PixelDifference d = pixelDifference(*a, *b);
        QCOMPARE(d.pixels, 3);
        QCOMPARE(d.box, QRect(QPoint(3, 4), QPoint(20, 25)));
    }
};

QTEST_GUILESS_MAIN(TestPngImage)
#include "tst_pngimage.moc"
