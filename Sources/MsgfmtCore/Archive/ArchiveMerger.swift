import Dispatch

/// Merges several exports into the events of one (`msgfmt export A.json B.json …`).
///
/// Every file is streamed once into an `ArchiveIndex` (identities, dates, hashes of the
/// bytes and file offsets, no messages; only id and times are read from each message,
/// which is not decoded), several at a time; `ArchiveMerge` plans the merged
/// transcript from the indexes; `MergedExportSource` then reads each winning message
/// again by its offset, in order, for the export converter. Memory holds the indexes and
/// the plan (about 50 bytes a message per file) and the converter's batches, however long
/// the messages are.
public final class ArchiveMerger {
    private let options: ExportOptions
    private let report: (Diagnostic, String) -> Void

    /// Creates a merger; `report` receives each diagnostic with the name of the file it is
    /// about, the files in the order given.
    public init(options: ExportOptions, report: @escaping (Diagnostic, String) -> Void) {
        self.options = options
        self.report = report
    }

    /// Indexes `paths` (regular files) and returns the merged events and the plan's
    /// counts. Throws, having read no message for output, when a file is unreadable,
    /// truncated or not an export.
    public func prepare(_ paths: [String]) throws(ArchiveComparison.Failure) -> (events: MergedExportSource, deleted: Int) {
        var files: [ExportMessageFile] = []
        var sources: [ExportByteSource] = []
        for path in paths {
            do {
                files.append(try ExportMessageFile(path: path))
                sources.append(try ExportByteSource(path: path))
            } catch {
                throw .read(source: path, error)
            }
        }
        var indexer = ArchiveIndexer(clock: options.clock)
        indexer.bytesOnly = true
        indexer.forMerge = true
        let jobs = sources.map { ArchiveIndexJob(indexer: indexer, source: $0) }
        let lanes = ParallelLanes.heavyLanes(items: jobs.count, jobs: options.jobs)
        ParallelLanes.perform(lanes) { lane in
            for k in stride(from: lane, to: jobs.count, by: lanes) { jobs[k].run() }
        }
        var indexes: [ArchiveIndex] = []
        for job in jobs {
            for d in job.diagnostics { report(d, job.source.name) }
        }
        for job in jobs {
            switch job.result {
            case .success(let index): indexes.append(index)
            case .failure(let error): throw .read(source: job.source.name, error)
            case nil: throw .read(source: job.source.name, .notAnExport(reason: "it was not read"))
            }
        }
        let merge = ArchiveMerge.plan(indexes, selects: options.selects, policy: options.deleted)
        return (MergedExportSource(files: files, merge: merge), merge.deleted)
    }
}
