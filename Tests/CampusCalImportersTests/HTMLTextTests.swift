import Testing

@testable import CampusCalImporters

/// LMS HTML (descriptions, Moodle feedback) to the plain text CampusCal stores.
@Suite("HTML from LMSs becomes plain text")
struct HTMLTextTests {
    @Test func tagsGoEntitiesAreDecodedAndParagraphsBreakLines() {
        #expect(
            HTMLText.plain("<p>¡Buen trabajo!</p><p>Revisa&nbsp;el pretérito &ndash; 0&#8211;100 &amp; más</p>")
                == "¡Buen trabajo!\nRevisa el pretérito – 0–100 & más")
        #expect(HTMLText.plain("Line one<br/>Line two") == "Line one\nLine two")
        #expect(HTMLText.plain("<div> </div>") == nil && HTMLText.plain(nil) == nil)
        #expect(HTMLText.plain("AT&T &unknown; &#x41;") == "AT&T &unknown; A")
    }

    /// What a browser never shows as text goes with its contents (issue #32's review), and every
    /// HTML 4 entity is decoded, as Python's `html.unescape` decodes them.
    @Test func scriptsStylesAndCommentsGoAndEveryHTML4EntityIsDecoded() {
        let pasted = """
            <html><head><title>Week 3</title><style>
            p { color: red; }
            </style></head><body><!-- editor note:
            remove before posting --><p>Read chapter&nbsp;3 &sect;2 &ndash; 5&frac12; pages</p>
            <SCRIPT type="text/javascript">alert("x < y")</SCRIPT><p>Due &euro;0 &times; 2 &rarr; done&hearts;</p></body></html>
            """
        #expect(HTMLText.plain(pasted) == "Read chapter 3 §2 – 5½ pages\nDue €0 × 2 → done♥")
        #expect(HTMLText.plain("<style>unclosed { color: red }") == nil)
        #expect(HTMLText.plain("It&apos;s &Omega;&thetasym;&zwnj;") == "It's Ωϑ\u{200C}")
        #expect(HTMLEntities.codepoints.count == 253)
    }
}
