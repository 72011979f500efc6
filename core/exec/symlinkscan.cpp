#include "symlinkscan.h"

#include "policy/pathresolver.h"

#include <QDirIterator>
#include <QFileInfo>

namespace Sandbench {

VoidResult checkNoOutwardSymlinks(const std::vector<std::pair<std::string, QString>> &folders,
                                  const std::vector<std::string> &allowed, int maxEntries)
{
    int seen = 0;
    for (const auto &[folder, option] : folders) {
        const QString root = QString::fromStdString(folder);
        if (!QFileInfo(root).isDir())
            continue;
        QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            if (++seen > maxEntries) {
                return fail(ErrorCode::ConfigError,
                            QStringLiteral("%1 %2: more than %3 entries to check for symbolic links; allow a narrower folder")
                                    .arg(option, root).arg(maxEntries));
            }
            if (!it.fileInfo().isSymLink())
                continue;
            const std::string target = resolvePath(path.toStdString());
            bool inside = false;
            for (const std::string &allowedRoot : allowed)
                inside = inside || pathWithin(target, allowedRoot);
            if (!inside) {
                return fail(ErrorCode::ConfigError,
                            QStringLiteral("%1 %2: the symbolic link %3 points outside the allowed folders (to %4)")
                                    .arg(option, root, path, QString::fromStdString(target)));
            }
        }
    }
    return {};
}

} // namespace Sandbench
