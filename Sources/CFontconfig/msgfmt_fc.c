#include "msgfmt_fc.h"

#include "msgfmt_loader.h"

#include <fontconfig/fontconfig.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// libfontconfig is opened on first use (see msgfmt_loader.h): these are the functions
// msgfmt calls, looked up into `fc` with the types of fontconfig's own declarations.
#define MSGFMT_FC_FUNCTIONS(X)                                                                 \
    X(CharSetAddChar) X(CharSetCreate) X(CharSetDestroy) X(CharSetHasChar) X(ConfigSubstitute) \
    X(DefaultSubstitute) X(FontMatch) X(FontSetDestroy) X(FontSort) X(InitLoadConfigAndFonts) \
    X(PatternAddBool)                                                                           \
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

/// A pattern for `family` in `style` (covering `scalar` when not 0), substituted as
/// fontconfig substitutes a request; NULL when it cannot be made. Called under `lock`.
static FcPattern *request(const char *family, uint32_t style, uint32_t scalar) {
    if (config == NULL) config = fc.InitLoadConfigAndFonts();
    FcPattern *pattern = config == NULL ? NULL : fc.PatternCreate();
    if (pattern == NULL) return NULL;
    fc.PatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    fc.PatternAddInteger(pattern, FC_WEIGHT, (style & MSGFMT_FC_BOLD) ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    fc.PatternAddInteger(pattern, FC_SLANT, (style & MSGFMT_FC_ITALIC) ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
    if (style & MSGFMT_FC_COLOR) fc.PatternAddBool(pattern, FC_COLOR, FcTrue);
    if (scalar != 0) {
        FcCharSet *charset = fc.CharSetCreate();
        if (charset != NULL) {
            fc.CharSetAddChar(charset, scalar);
            fc.PatternAddCharSet(pattern, FC_CHARSET, charset);
            fc.CharSetDestroy(charset);
        }
    }
    fc.ConfigSubstitute(config, pattern, FcMatchPattern);
    fc.DefaultSubstitute(pattern);
    return pattern;
}

/// Copies `font`'s file and face index out; 1 when the path fits `capacity`.
static int32_t copy_file(FcPattern *font, char *path, int32_t capacity, int32_t *index) {
    FcChar8 *file = NULL;
    int face = 0;
    if (fc.PatternGetString(font, FC_FILE, 0, &file) != FcResultMatch) return 0;
    if (fc.PatternGetInteger(font, FC_INDEX, 0, &face) != FcResultMatch) face = 0;
    size_t length = strlen((const char *)file);
    if ((int64_t)length >= capacity) return 0;
    memcpy(path, file, length + 1);
    *index = face & 0xFFFF;
    return 1;
}

int32_t msgfmt_fc_match(const char *family, uint32_t style, uint32_t scalar,
                        char *path, int32_t capacity, int32_t *index) {
    if (msgfmt_fc_load() != NULL || family == NULL || path == NULL || capacity < 1 || index == NULL) return 0;
    int32_t found = 0;
    pthread_mutex_lock(&lock);
    FcPattern *pattern = request(family, style, scalar);
    if (pattern != NULL) {
        FcResult result = FcResultNoMatch;
        FcPattern *match = fc.FontMatch(config, pattern, &result);
        if (match != NULL) {
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
            if (covers) found = copy_file(match, path, capacity, index);
            fc.PatternDestroy(match);
        }
        fc.PatternDestroy(pattern);
    }
    pthread_mutex_unlock(&lock);
    return found;
}

/// Fontconfig's fonts for one family and style, best first, kept for the process, with
/// each font's character set looked up once (NULL for a font without one).
typedef struct {
    char *family;
    uint32_t style;
    FcFontSet *fonts;
    FcCharSet **charsets;
} sorted_fonts;

enum { SORTED_CAPACITY = 16 };
static sorted_fonts sorted[SORTED_CAPACITY];
static int sorted_count = 0;

/// The sorted fonts of `family` in `style`, made on first use (called under `lock`);
/// NULL when fontconfig has none or the table of them is full (at most SORTED_CAPACITY
/// families and styles, far more than one run asks for).
static sorted_fonts *sorted_fonts_of(const char *family, uint32_t style) {
    for (int k = 0; k < sorted_count; k++) {
        if (sorted[k].style == style && strcmp(sorted[k].family, family) == 0) return &sorted[k];
    }
    if (sorted_count == SORTED_CAPACITY) return NULL;
    FcPattern *pattern = request(family, style, 0);
    if (pattern == NULL) return NULL;
    FcResult result = FcResultNoMatch;
    FcFontSet *fonts = fc.FontSort(config, pattern, FcTrue, NULL, &result);
    fc.PatternDestroy(pattern);
    if (fonts == NULL) return NULL;
    char *name = strdup(family);
    FcCharSet **charsets = calloc(fonts->nfont > 0 ? (size_t)fonts->nfont : 1, sizeof(FcCharSet *));
    if (name == NULL || charsets == NULL) {
        free(name);
        free(charsets);
        fc.FontSetDestroy(fonts);
        return NULL;
    }
    for (int k = 0; k < fonts->nfont; k++) {
        if (fc.PatternGetCharSet(fonts->fonts[k], FC_CHARSET, 0, &charsets[k]) != FcResultMatch) charsets[k] = NULL;
    }
    sorted[sorted_count] = (sorted_fonts){.family = name, .style = style, .fonts = fonts, .charsets = charsets};
    return &sorted[sorted_count++];
}

int32_t msgfmt_fc_fallback(const char *family, uint32_t style, uint32_t scalar) {
    if (msgfmt_fc_load() != NULL || family == NULL) return -1;
    int32_t position = -1;
    pthread_mutex_lock(&lock);
    sorted_fonts *list = sorted_fonts_of(family, style);
    for (int k = 0; list != NULL && k < list->fonts->nfont; k++) {
        if (list->charsets[k] != NULL && fc.CharSetHasChar(list->charsets[k], scalar)) {
            position = k;
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    return position;
}

int32_t msgfmt_fc_fallback_file(const char *family, uint32_t style, int32_t position,
                                char *path, int32_t capacity, int32_t *index) {
    if (msgfmt_fc_load() != NULL || family == NULL || path == NULL || capacity < 1 || index == NULL) return 0;
    int32_t found = 0;
    pthread_mutex_lock(&lock);
    sorted_fonts *list = sorted_fonts_of(family, style);
    if (list != NULL && position >= 0 && position < list->fonts->nfont) {
        found = copy_file(list->fonts->fonts[position], path, capacity, index);
    }
    pthread_mutex_unlock(&lock);
    return found;
}
