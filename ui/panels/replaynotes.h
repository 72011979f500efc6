#pragma once

#include <QString>

namespace Sandbench {

// A replay's note as the core wrote it (English, one fixed phrase with values: "refused: X",
// "recorded with Deno A, replayed with B") in the user's language. The values stay as they are;
// a note of no known form (or one a session file brought) is shown unchanged.
QString translatedReplayNote(const QString &note);

} // namespace Sandbench
