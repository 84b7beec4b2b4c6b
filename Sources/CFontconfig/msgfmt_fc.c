#include "msgfmt_fc.h"

#include <fontconfig/fontconfig.h>
#include <pthread.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static FcConfig *config = NULL;

int32_t msgfmt_fc_match(const char *family, uint32_t style, uint32_t scalar,
                        char *path, int32_t capacity, int32_t *index) {
    if (family == NULL || path == NULL || capacity < 1 || index == NULL) return 0;
    int32_t found = 0;
    pthread_mutex_lock(&lock);
    if (config == NULL) config = FcInitLoadConfigAndFonts();
    FcPattern *pattern = config == NULL ? NULL : FcPatternCreate();
    if (pattern != NULL) {
        FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
        FcPatternAddInteger(pattern, FC_WEIGHT, (style & MSGFMT_FC_BOLD) ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
        FcPatternAddInteger(pattern, FC_SLANT, (style & MSGFMT_FC_ITALIC) ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
        if (style & MSGFMT_FC_COLOR) FcPatternAddBool(pattern, FC_COLOR, FcTrue);
        FcCharSet *charset = NULL;
        if (scalar != 0) {
            charset = FcCharSetCreate();
            FcCharSetAddChar(charset, scalar);
            FcPatternAddCharSet(pattern, FC_CHARSET, charset);
        }
        FcConfigSubstitute(config, pattern, FcMatchPattern);
        FcDefaultSubstitute(pattern);
        FcResult result = FcResultNoMatch;
        FcPattern *match = FcFontMatch(config, pattern, &result);
        if (match != NULL) {
            FcChar8 *file = NULL;
            int face = 0;
            FcCharSet *covered = NULL;
            int covers = scalar == 0
                || (FcPatternGetCharSet(match, FC_CHARSET, 0, &covered) == FcResultMatch && FcCharSetHasChar(covered, scalar));
            if (style & MSGFMT_FC_EXACT) {
                int same = 0;
                FcChar8 *name = NULL;
                for (int k = 0; !same && FcPatternGetString(match, FC_FAMILY, k, &name) == FcResultMatch; k++) {
                    same = FcStrCmpIgnoreCase(name, (const FcChar8 *)family) == 0;
                }
                covers = covers && same;
            }
            if (covers && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch) {
                if (FcPatternGetInteger(match, FC_INDEX, 0, &face) != FcResultMatch) face = 0;
                size_t length = strlen((const char *)file);
                if ((int64_t)length < capacity) {
                    memcpy(path, file, length + 1);
                    *index = face & 0xFFFF;
                    found = 1;
                }
            }
            FcPatternDestroy(match);
        }
        if (charset != NULL) FcCharSetDestroy(charset);
        FcPatternDestroy(pattern);
    }
    pthread_mutex_unlock(&lock);
    return found;
}
