internal import CCairo
import Synchronization

/// The cairo faces pictures are painted with, opened once per face of the font library and
/// shared by every thread that paints: cairo serializes its own use of a face, so threads
/// drawing in parallel share one mapping of each font file and one cache of its glyphs
/// rather than each opening the fonts again.
final class PaintFaces: @unchecked Sendable {
    /// The library whose face numbers these are.
    let fonts: FontLibrary
    /// Library face number → opened cairo face; nil for one that cannot be opened.
    private let opened = Mutex<[Int: OpaquePointer?]>([:])

    /// The faces of `fonts`, opened as they are first asked for.
    init(fonts: FontLibrary) {
        self.fonts = fonts
    }

    deinit {
        opened.withLock { faces in
            for face in faces.values { msgfmt_cairo_face_close(face) }
        }
    }

    /// The cairo face of library face `id`, opened on first use; nil when cairo or
    /// FreeType cannot open its file.
    func face(_ id: Int) -> OpaquePointer? {
        opened.withLock { faces in
            if let known = faces[id] { return known }
            let file = fonts.face(id)
            let face = msgfmt_cairo_face_open(file.path, file.index)
            faces[id] = face
            return face
        }
    }
}
