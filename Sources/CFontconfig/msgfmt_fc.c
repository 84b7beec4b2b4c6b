#include "msgfmt_fc.h"

#include "msgfmt_loader.h"

#include <fontconfig/fontconfig.h>
#include <pthread.h>
#include <string.h>

// libfontconfig is opened on first use (see msgfmt_loader.h): these are the functions
// msgfmt calls, looked up into `fc` with the types of fontconfig's own declarations.
#define MSGFMT_FC_FUNCTIONS(X)                                                                 \
    X(CharSetAddChar) X(CharSetCreate) X(CharSetDestroy) X(CharSetHasChar) X(ConfigSubstitute) \
    X(DefaultSubstitute) X(FontMatch) X(InitLoadConfigAndFonts) X(PatternAddBool)             \
    X(PatternAddCharSet) X(PatternAddInteger) X(PatternAddString) X(PatternCreate)            \
    X(PatternDestroy) X(PatternGetCharSet) X(PatternGetInteger) X(PatternGetString)           \
    X(StrCmpIgnoreCase)

#define MSGFMT_FC_FIELD(name) MSGFMT_LOADER_FIELD(Fc, name)
#define MSGFMT_FC_RESOLVE(name) MSGFMT_LOADER_RESOLVE(fc, Fc, name, fc_error)
static struct { MSGFMT_FC_FUNCTIONS(MSGFMT_FC_FIELD) } fc;
static char fc_error[MSGFMT_LOADER_ERROR_SIZE];
static pthread_once_t fc_once = PTHREAD_ONCE_INIT;

static void fc_load(void) {
    MSGFMT_LOADER_OPEN(fc_error, "libfontconfig.so.1", "libfontconfig.so", "libfontconfig.1.dylib")
    MSGFMT_FC_FUNCTIONS(MSGFMT_FC_RESOLVE)
}

const char *msgfmt_fc_load(void) { return msgfmt_loader_once(&fc_once, fc_load, fc_error); }

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static FcConfig *config = NULL;

int32_t msgfmt_fc_match(const char *family, uint32_t style, uint32_t scalar,
                        char *path, int32_t capacity, int32_t *index) {
    if (msgfmt_fc_load() != NULL || family == NULL || path == NULL || capacity < 1 || index == NULL) return 0;
    int32_t found = 0;
    pthread_mutex_lock(&lock);
    if (config == NULL) config = fc.InitLoadConfigAndFonts();
    FcPattern *pattern = config == NULL ? NULL : fc.PatternCreate();
    if (pattern != NULL) {
        fc.PatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
        fc.PatternAddInteger(pattern, FC_WEIGHT, (style & MSGFMT_FC_BOLD) ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
        fc.PatternAddInteger(pattern, FC_SLANT, (style & MSGFMT_FC_ITALIC) ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
        if (style & MSGFMT_FC_COLOR) fc.PatternAddBool(pattern, FC_COLOR, FcTrue);
        FcCharSet *charset = NULL;
        if (scalar != 0) {
            charset = fc.CharSetCreate();
            fc.CharSetAddChar(charset, scalar);
            fc.PatternAddCharSet(pattern, FC_CHARSET, charset);
        }
        fc.ConfigSubstitute(config, pattern, FcMatchPattern);
        fc.DefaultSubstitute(pattern);
        FcResult result = FcResultNoMatch;
        FcPattern *match = fc.FontMatch(config, pattern, &result);
        if (match != NULL) {
            FcChar8 *file = NULL;
            int face = 0;
            FcCharSet *covered = NULL;
            int covers = scalar == 0
                || (fc.PatternGetCharSet(match, FC_CHARSET, 0, &covered) == FcResultMatch && fc.CharSetHasChar(covered, scalar));
            if (style & MSGFMT_FC_EXACT) {
                int same = 0;
                FcChar8 *name = NULL;
                for (int k = 0; !same && fc.PatternGetString(match, FC_FAMILY, k, &name) == FcResultMatch; k++) {
                    same = fc.StrCmpIgnoreCase(name, (const FcChar8 *)family) == 0;
                }
                covers = covers && same;
            }
            if (covers && fc.PatternGetString(match, FC_FILE, 0, &file) == FcResultMatch) {
                if (fc.PatternGetInteger(match, FC_INDEX, 0, &face) != FcResultMatch) face = 0;
                size_t length = strlen((const char *)file);
                if ((int64_t)length < capacity) {
                    memcpy(path, file, length + 1);
                    *index = face & 0xFFFF;
                    found = 1;
                }
            }
            fc.PatternDestroy(match);
        }
        if (charset != NULL) fc.CharSetDestroy(charset);
        fc.PatternDestroy(pattern);
    }
    pthread_mutex_unlock(&lock);
    return found;
}
