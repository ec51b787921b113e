/* Writes kaskaria/identifier_allowed.py: the characters Unicode recommends for identifiers
 * (UTS #39, Identifier_Status=Allowed), as the ICU library on this machine knows them.
 *
 *   cc tools/identifier_allowed.c $(pkg-config --cflags --libs icu-uc icu-i18n) -o /tmp/allowed
 *   /tmp/allowed > kaskaria/identifier_allowed.py
 *   .venv/bin/ruff format kaskaria/identifier_allowed.py
 */
#include <stdio.h>
#include <unicode/uchar.h>
#include <unicode/uset.h>
#include <unicode/uspoof.h>
#include <unicode/uversion.h>

int main(void) {
    UErrorCode status = U_ZERO_ERROR;
    const USet *allowed = uspoof_getRecommendedSet(&status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "ICU has no recommended set: %s\n", u_errorName(status));
        return 1;
    }
    UVersionInfo unicode;
    char version[U_MAX_VERSION_STRING_LENGTH];
    u_getUnicodeVersion(unicode);
    u_versionToString(unicode, version);
    printf("\"\"\"The characters Unicode recommends for identifiers (UTS #39: Identifier_Status=Allowed),\n"
           "Unicode %s, as ranges of code points (first, last), in order.\n\n"
           "Made by tools/identifier_allowed.c from the ICU library's own copy of Unicode's data: do not\n"
           "edit by hand.\n\"\"\"\n\n", version);
    printf("UNICODE_VERSION = \"%s\"\n", version);
    printf("ALLOWED = (\n");
    int32_t count = uset_getItemCount(allowed);
    for (int32_t i = 0; i < count; i++) {
        UChar32 first, last;
        UChar text[8];
        UErrorCode item = U_ZERO_ERROR;
        if (uset_getItem(allowed, i, &first, &last, text, 8, &item) == 0) {
            printf("    (0x%04X, 0x%04X),\n", first, last);
        }
    }
    printf(")\n");
    return 0;
}
