import MsgfmtCore

extension ExportCommand {
    /// What `--update` found: the decision and the manifest the new output gets.
    struct UpdatePlan {
        var decision: ArchiveUpdate.Decision
        var wanted: ArchiveManifest
        var path: String
    }

    /// Compares the output with the inputs and options; prints why it is rebuilt, or that
    /// it is up to date.
    func planUpdate(_ options: ExportOptions, _ printer: DiagnosticPrinter) throws -> UpdatePlan {
        let directory = export.to == .html
        let path = export.output ?? defaultDirectory()
        guard let inputs = ArchiveUpdate.digest(ofInputs: files) else {
            printer.error("cannot read \(files.joined(separator: ", ")) to compare it with \(path)")
            throw ExitStatus.usage
        }
        let wanted = ArchiveManifest(version: MsgfmtVersion.string, options: optionsDigest(options), inputs: inputs, files: [])
        let decision = ArchiveUpdate.check(output: path, directory: directory, wanted: wanted)
        switch decision {
        case .upToDate: printer.info("\(path) is up to date: nothing to write")
        case .rebuild(let note?): printer.info("note: \(note)")
        case .rebuild(nil): break
        }
        return UpdatePlan(decision: decision, wanted: wanted, path: path)
    }

    /// Writes the manifest of the output just made: into the temporary site before it is
    /// moved into place, or beside the file once it is.
    func writeManifest(_ plan: UpdatePlan, output: AtomicOutput, _ printer: DiagnosticPrinter) throws {
        let directory = export.to == .html
        let written = directory ? output.temporaryPath ?? plan.path : plan.path
        let manifest = ArchiveUpdate.manifest(of: written, output: plan.path, directory: directory, wanted: plan.wanted)
        do {
            let file = try AtomicOutput(path: ArchiveUpdate.manifestPath(of: written, directory: directory), kind: .file)
            file.sink?.write(manifest.json())
            try file.commit()
        } catch {
            printer.error(error.message)
            throw ExitStatus.outputFailed
        }
    }

    /// A digest of everything that shapes the output: the resolved options (threads and
    /// batch size aside, which do not) and the filter's text.
    private func optionsDigest(_ options: ExportOptions) -> ContentHash {
        var shaping = options
        shaping.jobs = 1
        shaping.batchSize = 0
        var hasher = ContentHasher()
        hasher.combine(String(reflecting: shaping))
        hasher.combine(filter.filter)
        return hasher.hash
    }
}
