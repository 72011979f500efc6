#include "filecopy.h"

#include <QFile>

#include <filesystem>
#include <system_error>

namespace Sandbench {

bool copyFile(const QString &from, const QString &to)
{
    const std::filesystem::path source(QFile::encodeName(from).toStdString());
    const std::filesystem::path target(QFile::encodeName(to).toStdString());
    std::error_code error;
    // Regular files only (a symlink to one counts, as with QFile::copy): copying a FIFO or a
    // device would block or never end.
    if (!std::filesystem::is_regular_file(std::filesystem::status(source, error)))
        return false;
    return std::filesystem::copy_file(source, target, std::filesystem::copy_options::none, error) && !error;
}

} // namespace Sandbench
