#include "pngimage.h"

#include <QtEndian>

#include <zlib.h>

#include <array>
#include <limits>

namespace Sandbench {

namespace {

Error bad(const QString &what)
{
    return {ErrorCode::Parse, QStringLiteral("not a readable PNG: %1").arg(what)};
}

// A zlib stream (RFC 1950) that must inflate to exactly outSize bytes. zlib itself does the
// inflating: a hand-written inflater on hostile input is the kind of code a well-kept library
// should own. The output buffer is the bound: zlib never writes past avail_out.
std::optional<QString> inflateZlib(const QByteArray &in, QByteArray *out, qsizetype outSize)
{
    if (in.size() > qsizetype(std::numeric_limits<uInt>::max()) || outSize > qsizetype(std::numeric_limits<uInt>::max()))
        return QStringLiteral("the image data is too large");
    // Uninitialized: the pages of a large size that a short stream never reaches are never touched.
    *out = QByteArray(outSize, Qt::Uninitialized);
    z_stream stream{};
    if (inflateInit(&stream) != Z_OK)
        return QStringLiteral("cannot start inflating the image data");
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.constData()));
    stream.avail_in = uInt(in.size());
    stream.next_out = reinterpret_cast<Bytef *>(out->data());
    stream.avail_out = uInt(outSize);
    const int status = inflate(&stream, Z_FINISH);
    const qsizetype produced = outSize - qsizetype(stream.avail_out);
    const QString reason = QString::fromLatin1(stream.msg ? stream.msg : "bad zlib stream");
    inflateEnd(&stream);
    switch (status) {
    case Z_STREAM_END:
        break;
    case Z_BUF_ERROR:
        // Out of input (a short stream) or out of room (more data than the size says).
        return produced < outSize ? QStringLiteral("the image data ends early")
                                  : QStringLiteral("more image data than its size says");
    case Z_DATA_ERROR: {
        if (reason == QLatin1String("incorrect data check"))
            return QStringLiteral("the image data fails its checksum");
        return QStringLiteral("the image data is damaged (%1)").arg(reason);
    }
    default:
        return QStringLiteral("the image data cannot be inflated (zlib error %1)").arg(status);
    }
    if (produced != outSize)
        return QStringLiteral("less image data than its size says");
    return std::nullopt;
}

int paeth(int a, int b, int c)
{
    const int p = a + b - c;
    const int pa = std::abs(p - a);
    const int pb = std::abs(p - b);
    const int pc = std::abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

// Undoes the per-row filters in place; rows are 1 filter byte + rowBytes.
std::optional<QString> unfilter(uchar *data, int height, qsizetype rowBytes, int bytesPerPixel)
{
    const uchar *previous = nullptr;
    for (int y = 0; y < height; ++y) {
        uchar *row = data + qsizetype(y) * (rowBytes + 1);
        const int filter = row[0];
        ++row;
        for (qsizetype i = 0; i < rowBytes; ++i) {
            const int left = i >= bytesPerPixel ? row[i - bytesPerPixel] : 0;
            const int up = previous ? previous[i] : 0;
            const int upLeft = previous && i >= bytesPerPixel ? previous[i - bytesPerPixel] : 0;
            switch (filter) {
            case 0: break;
            case 1: row[i] = uchar(row[i] + left); break;
            case 2: row[i] = uchar(row[i] + up); break;
            case 3: row[i] = uchar(row[i] + (left + up) / 2); break;
            case 4: row[i] = uchar(row[i] + paeth(left, up, upLeft)); break;
            default: return QStringLiteral("row %1 has an unknown filter %2").arg(y).arg(filter);
            }
        }
        previous = row;
    }
    return std::nullopt;
}

// Sample i of a row at the given bit depth, at full precision.
quint32 sample(const uchar *row, qsizetype i, int depth)
{
    if (depth == 8)
        return row[i];
    if (depth == 16)
        return qFromBigEndian<quint16>(row + 2 * i);
    const qsizetype bit = i * depth;
    return (row[bit / 8] >> (8 - depth - bit % 8)) & ((1u << depth) - 1);
}

uchar to8Bits(quint32 value, int depth)
{
    if (depth == 16)
        return uchar(value >> 8);
    return depth == 8 ? uchar(value) : uchar(value * 255 / ((1u << depth) - 1));
}

} // namespace

Result<PngImage> PngImage::decode(const QByteArray &png, qint64 maxPixels)
{
    const auto *data = reinterpret_cast<const uchar *>(png.constData());
    if (!png.startsWith("\x89PNG\r\n\x1a\n"))
        return std::unexpected(bad(QStringLiteral("no PNG signature")));
    qsizetype pos = 8;
    int depth = 0, colourType = 0, channels = 0;
    PngImage image;
    QByteArray idat;
    std::array<quint32, 256> palette{};
    int paletteSize = 0;
    std::optional<std::array<quint32, 3>> transparentKey;
    bool haveHeader = false, haveEnd = false;
    while (!haveEnd) {
        if (png.size() - pos < 12)
            return std::unexpected(bad(QStringLiteral("it ends before its IEND chunk")));
        const quint32 length = qFromBigEndian<quint32>(data + pos);
        const QByteArray type = png.mid(pos + 4, 4);
        if (length > 0x7fffffffu || png.size() - pos - 12 < qsizetype(length))
            return std::unexpected(bad(QStringLiteral("chunk %1 is longer than the file").arg(QString::fromLatin1(type.toHex()))));
        const uchar *chunk = data + pos + 8;
        // The CRCs are not checked: a session's members are checked by sha256 already, and a
        // forged file can carry right CRCs anyway.
        pos += 12 + qsizetype(length);
        if (!haveHeader && type != "IHDR")
            return std::unexpected(bad(QStringLiteral("the first chunk is not IHDR")));
        if (type == "IHDR") {
            if (haveHeader || length != 13)
                return std::unexpected(bad(QStringLiteral("a bad IHDR chunk")));
            haveHeader = true;
            const quint32 w = qFromBigEndian<quint32>(chunk);
            const quint32 h = qFromBigEndian<quint32>(chunk + 4);
            depth = chunk[8];
            colourType = chunk[9];
            if (w == 0 || h == 0 || w > 0x7fffffffu || h > 0x7fffffffu)
                return std::unexpected(bad(QStringLiteral("a size of %1 x %2").arg(w).arg(h)));
            if (qint64(w) * qint64(h) > maxPixels)
                return std::unexpected(bad(QStringLiteral("%1 x %2 is more than %3 pixels").arg(w).arg(h).arg(maxPixels)));
            image.width = int(w);
            image.height = int(h);
            const bool validDepth = colourType == 0 ? (depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16)
                    : colourType == 3 ? (depth == 1 || depth == 2 || depth == 4 || depth == 8)
                    : (colourType == 2 || colourType == 4 || colourType == 6) && (depth == 8 || depth == 16);
            if (!validDepth)
                return std::unexpected(bad(QStringLiteral("colour type %1 with %2 bits").arg(colourType).arg(depth)));
            channels = colourType == 2 ? 3 : colourType == 4 ? 2 : colourType == 6 ? 4 : 1;
            if (chunk[10] != 0 || chunk[11] != 0)
                return std::unexpected(bad(QStringLiteral("an unknown compression or filter method")));
            if (chunk[12] != 0)
                return std::unexpected(bad(QStringLiteral("interlaced images are not decoded")));
        } else if (type == "PLTE") {
            if (length % 3 != 0 || length / 3 > 256 || length == 0)
                return std::unexpected(bad(QStringLiteral("a bad PLTE chunk")));
            paletteSize = int(length / 3);
            for (int i = 0; i < paletteSize; ++i)
                palette[size_t(i)] = 0xff000000u | quint32(chunk[3 * i]) << 16 | quint32(chunk[3 * i + 1]) << 8 | chunk[3 * i + 2];
        } else if (type == "tRNS") {
            if (colourType == 3) {
                for (quint32 i = 0; i < length && i < 256; ++i)
                    palette[i] = (palette[i] & 0x00ffffffu) | quint32(chunk[i]) << 24;
            } else if (colourType == 0 && length == 2) {
                const quint32 grey = qFromBigEndian<quint16>(chunk);
                transparentKey = std::array<quint32, 3>{grey, grey, grey};
            } else if (colourType == 2 && length == 6) {
                transparentKey = std::array<quint32, 3>{qFromBigEndian<quint16>(chunk), qFromBigEndian<quint16>(chunk + 2),
                                                        qFromBigEndian<quint16>(chunk + 4)};
            }
        } else if (type == "IDAT") {
            idat.append(reinterpret_cast<const char *>(chunk), qsizetype(length));
        } else if (type == "IEND") {
            haveEnd = true;
        } else if (!(type.at(0) & 0x20)) {
            // An unknown chunk a decoder may not skip (its first letter is upper case).
            return std::unexpected(bad(QStringLiteral("an unknown critical chunk %1").arg(QString::fromLatin1(type.toHex()))));
        }
    }
    if (colourType == 3 && paletteSize == 0)
        return std::unexpected(bad(QStringLiteral("a palette image without PLTE")));

    const qsizetype rowBytes = (qsizetype(image.width) * channels * depth + 7) / 8;
    QByteArray raw;
    if (auto problem = inflateZlib(idat, &raw, qsizetype(image.height) * (rowBytes + 1)))
        return std::unexpected(bad(*problem));
    auto *rows = reinterpret_cast<uchar *>(raw.data());
    if (auto problem = unfilter(rows, image.height, rowBytes, qMax(1, channels * depth / 8)))
        return std::unexpected(bad(*problem));

    image.rgba = QByteArray(qsizetype(image.width) * image.height * 4, Qt::Uninitialized);
    auto *out = reinterpret_cast<uchar *>(image.rgba.data());
    for (int y = 0; y < image.height; ++y) {
        const uchar *row = rows + qsizetype(y) * (rowBytes + 1) + 1;
        for (qsizetype x = 0; x < image.width; ++x, out += 4) {
            if (colourType == 3) {
                const quint32 index = sample(row, x, depth);
                if (index >= quint32(paletteSize))
                    return std::unexpected(bad(QStringLiteral("a palette index past the palette")));
                const quint32 argb = palette[index];
                out[0] = uchar(argb >> 16);
                out[1] = uchar(argb >> 8);
                out[2] = uchar(argb);
                out[3] = uchar(argb >> 24);
                continue;
            }
            std::array<quint32, 4> v{};
            for (int c = 0; c < channels; ++c)
                v[size_t(c)] = sample(row, x * channels + c, depth);
            const bool grey = colourType == 0 || colourType == 4;
            const std::array<quint32, 3> colour = grey ? std::array<quint32, 3>{v[0], v[0], v[0]}
                                                       : std::array<quint32, 3>{v[0], v[1], v[2]};
            for (int c = 0; c < 3; ++c)
                out[c] = to8Bits(colour[size_t(c)], depth);
            if (colourType == 4 || colourType == 6)
                out[3] = to8Bits(v[size_t(channels - 1)], depth);
            else
                out[3] = transparentKey && *transparentKey == colour ? 0 : 255;
        }
    }
    return image;
}

PixelDifference pixelDifference(const PngImage &a, const PngImage &b)
{
    PixelDifference d;
    if (a.width != b.width || a.height != b.height || a.rgba.size() != b.rgba.size())
        return d;
    int left = a.width, top = a.height, right = -1, bottom = -1;
    const char *pa = a.rgba.constData();
    const char *pb = b.rgba.constData();
    for (int y = 0; y < a.height; ++y) {
        const qsizetype rowOffset = qsizetype(y) * a.width * 4;
        // Most rows of two screenshots of one screen are equal: skip those in one compare.
        if (std::memcmp(pa + rowOffset, pb + rowOffset, size_t(a.width) * 4) == 0)
            continue;
        for (int x = 0; x < a.width; ++x) {
            if (std::memcmp(pa + rowOffset + qsizetype(x) * 4, pb + rowOffset + qsizetype(x) * 4, 4) == 0)
                continue;
            ++d.pixels;
            left = qMin(left, x);
            right = qMax(right, x);
            top = qMin(top, y);
            bottom = qMax(bottom, y);
        }
    }
    if (d.pixels > 0)
        d.box = QRect(QPoint(left, top), QPoint(right, bottom));
    return d;
}

} // namespace Sandbench
