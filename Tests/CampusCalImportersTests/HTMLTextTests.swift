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
}
