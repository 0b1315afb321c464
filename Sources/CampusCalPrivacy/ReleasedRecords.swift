/// The records of a release, made a batch at a time as they are written out (issue #27): the
/// identified records (few: people who consented) as they are, then the de-identified ones from
/// the compact `ReleaseIndex` they were made k-anonymous in, at their levels, the ones left out
/// skipped. Encoded whole, they are a JSON array; `StreamedRelease` writes them in chunks instead.
public struct ReleasedRecords: Sendable, Encodable {
    private let identified: [DeidentifiedRecord]
    private let index: ReleaseIndex
    /// Whether the de-identified records keep their record codes (`recordCodes` in the request).
    private let withCodes: Bool
    /// How many records go out.
    public let count: Int

    /// No records (the summary of a release, written before its records).
    public static let none = ReleasedRecords(identified: [], index: ReleaseIndex(), withCodes: false)

    init(identified: [DeidentifiedRecord], index: ReleaseIndex, withCodes: Bool) {
        self.identified = identified
        self.index = index
        self.withCodes = withCodes
        count = identified.count + index.dropped.lazy.filter { !$0 }.count
    }

    public var isEmpty: Bool { count == 0 }

    /// Every record in order, each made only when it is reached.
    private var inOrder: some Sequence<DeidentifiedRecord> {
        let (index, withCodes) = (index, withCodes)
        let made = (0..<index.count).lazy.filter { !index.dropped[$0] }.map { index.record(at: $0, withSubject: withCodes) }
        return [AnySequence(identified), AnySequence(made)].joined()
    }

    /// Calls `body` with the records in order, at most `size` at a time.
    public func forEachBatch(of size: Int, _ body: ([DeidentifiedRecord]) async throws -> Void) async throws {
        var batch: [DeidentifiedRecord] = []
        batch.reserveCapacity(size)
        for record in inOrder {
            batch.append(record)
            if batch.count == size {
                try await body(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { try await body(batch) }
    }

    /// Every record, made at once: for tests and small releases (a server writes `forEachBatch`).
    public func all() -> [DeidentifiedRecord] { Array(inOrder) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for record in inOrder { try container.encode(record) }
    }
}
