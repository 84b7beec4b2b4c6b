// Search folding for the filter language. Like msgfmt_icu.c, it includes ICU headers,
// which Swift never sees (see include/msgfmt_icu.h).
#include "msgfmt_icu.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

// One step of the fold into a fresh buffer: NFKD when `fold` is 0, default case folding
// otherwise. Guesses the size and retries once with what ICU asks for. Returns NULL when
// ICU fails; the caller frees the result.
static UChar *fold_step(const UChar *text, int32_t length, int fold, int32_t *out_length) {
    int32_t capacity = length + length / 2 + 8;
    for (int attempt = 0; attempt < 2; attempt++) {
        UChar *buffer = malloc(sizeof(UChar) * (size_t)capacity);
        if (buffer == NULL) {
            return NULL;
        }
        UErrorCode status = U_ZERO_ERROR;
        int32_t written;
        if (fold) {
            written = u_strFoldCase(buffer, capacity, text, length, U_FOLD_CASE_DEFAULT, &status);
        } else {
            const UNormalizer2 *nfkd = unorm2_getNFKDInstance(&status);
            written = U_SUCCESS(status) ? unorm2_normalize(nfkd, text, length, buffer, capacity, &status) : 0;
        }
        // A result that fills the buffer exactly is a success with a warning (no NUL).
        if (U_SUCCESS(status) && written <= capacity) {
            *out_length = written;
            return buffer;
        }
        free(buffer);
        if (status != U_BUFFER_OVERFLOW_ERROR) {
            return NULL;
        }
        capacity = written;
    }
    return NULL;
}

// True for what the fold drops: default-ignorable code points (variation selectors,
// zero-width joiners, soft hyphens) and accents — nonspacing marks shared by scripts
// (Script=Inherited: Latin, Greek and Cyrillic diacritics, Arabic harakat) and Hebrew
// points — but not the kana voicing marks, which tell different syllables apart.
static int is_dropped(UChar32 c) {
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
        return 1;
    }
    if (u_charType(c) != U_NON_SPACING_MARK || c == 0x3099 || c == 0x309A) {
        return 0;
    }
    if (c >= 0x0591 && c <= 0x05C7) {
        return 1;
    }
    UErrorCode status = U_ZERO_ERROR;
    return uscript_getScript(c, &status) == USCRIPT_INHERITED && U_SUCCESS(status);
}

int32_t msgfmt_icu_fold(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity) {
    if (length <= 0) {
        return 0;
    }
    int32_t n1 = 0, n2 = 0, n3 = 0;
    UChar *decomposed = fold_step((const UChar *)text, length, 0, &n1);
    if (decomposed == NULL) {
        return -1;
    }
    UChar *folded = fold_step(decomposed, n1, 1, &n2);
    free(decomposed);
    if (folded == NULL) {
        return -1;
    }
    // Case folding can compose what was decomposed (and fold to compatibility forms), so
    // the result is decomposed once more.
    UChar *again = fold_step(folded, n2, 0, &n3);
    free(folded);
    if (again == NULL) {
        return -1;
    }
    int32_t count = 0;
    for (int32_t i = 0; i < n3;) {
        int32_t start = i;
        UChar32 c;
        U16_NEXT(again, i, n3, c);
        if (is_dropped(c)) {
            continue;
        }
        for (int32_t k = start; k < i; k++) {
            if (count < capacity) {
                out[count] = again[k];
            }
            count++;
        }
    }
    free(again);
    return count;
}
