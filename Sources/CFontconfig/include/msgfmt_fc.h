/// Plain C entry points over the system fontconfig (libfontconfig), used by MsgfmtCore's
/// font library to turn family names into font files and to find a fallback font for a
/// character the chosen fonts lack. Calls are serialized inside (fontconfig's
/// configuration is shared), so any thread may call.
#ifndef MSGFMT_FC_H
#define MSGFMT_FC_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Style bits for the lookups.
enum {
    MSGFMT_FC_BOLD = 1u << 0,
    MSGFMT_FC_ITALIC = 1u << 1,
    MSGFMT_FC_COLOR = 1u << 2, ///< prefer a color font (emoji)
    MSGFMT_FC_EXACT = 1u << 3, ///< only a font of the family itself (not a substitute)
};

/// Opens libfontconfig, once per process. Returns NULL when it is ready, else a one-line
/// reason (the library or one of its functions is missing); msgfmt_fc_match then
/// returns 0.
const char *msgfmt_fc_load(void);

/// Finds the file of the best match for `family` (a family name or a generic one such as
/// "sans-serif" or "monospace") in `style`, covering `scalar` when `scalar` is not 0.
/// Writes the NUL-terminated path into `path` and the face index into `index`. Returns 1
/// on success; 0 when nothing matches, the match does not cover `scalar`, the match is
/// another family under MSGFMT_FC_EXACT, or the path does not fit `capacity`.
int32_t msgfmt_fc_match(const char *family, uint32_t style, uint32_t scalar,
                        char *path, int32_t capacity, int32_t *index);

/// The position of the first font in fontconfig's order of preference for `family` in
/// `style` that covers `scalar`, or -1 when none does: the font a fallback for that
/// character comes from. The order is FcFontSort's, made once per family and style and
/// kept for the process (fonts that cover nothing the fonts before them miss are left
/// out, which never changes the answer), so the answer depends on nothing but the
/// arguments and the installed fonts: threads asking in any order get the same font.
int32_t msgfmt_fc_fallback(const char *family, uint32_t style, uint32_t scalar);

/// Writes the file and face index of the font at `position` in the order
/// msgfmt_fc_fallback walks, as msgfmt_fc_match does. Returns 1 on success; 0 when there
/// is no such position or the path does not fit `capacity`.
int32_t msgfmt_fc_fallback_file(const char *family, uint32_t style, int32_t position,
                                char *path, int32_t capacity, int32_t *index);

#ifdef __cplusplus
}
#endif

#endif
