// Screenshots in sandbox sessions: the PNG decoder with a small pixel budget.
#include "session/pngimage.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray png(reinterpret_cast<const char *>(data), qsizetype(size));
    auto image = Sandbench::PngImage::decode(png, qint64(1) << 20);
    if (image)
        (void)Sandbench::pixelDifference(*image, *image);
    return 0;
}
