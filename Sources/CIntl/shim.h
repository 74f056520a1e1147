// GNU gettext as glibc provides it (libintl.h) and the locale categories (locale.h): Swift's
// Glibc module exports neither bindtextdomain nor dgettext. Nothing to link: both are in libc.
#include <libintl.h>
#include <locale.h>
