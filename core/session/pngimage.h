#pragma once

#include "common/result.h"

#include <QByteArray>
#include <QRect>

namespace Sandbench {

// The pixels of a PNG, decoded in core/ (which must not link QtGui, so QImage is out) to compare
// a replayed screenshot with a recorded one. A session file is hostile input: every size is
// bounded before memory is taken, and zlib inflates into a buffer of exactly the size the header
// announces, never past it.
//
// Reads every standard colour type and bit depth (16-bit samples are compared by their high byte),
// palettes and tRNS transparency; refuses interlaced (Adam7) images, which screenshots (ImageMagick
// import) never are: those are compared by bytes only.
struct PngImage
{
    int width = 0;
    int height = 0;
    QByteArray rgba; // 8 bits per channel, row after row, no padding

    // At most maxPixels pixels (the default is 4096 x 4096).
    static Result<PngImage> decode(const QByteArray &png, qint64 maxPixels = qint64(1) << 24);
};

// How two images of the same size differ: the count of pixels whose RGBA differs and the box
// around them (empty when none differ).
struct PixelDifference
{
    qint64 pixels = 0;
    QRect box;
};

// a and b must be of the same size.
PixelDifference pixelDifference(const PngImage &a, const PngImage &b);

} // namespace Sandbench
