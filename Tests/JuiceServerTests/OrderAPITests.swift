import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JuiceServer
import TestSupport
import Testing

/// SPEC 16's orders through the API, in process: placing (`POST .../order`),
/// listing (`GET .../orders`), receiving once (`POST .../receive`) and
/// cancelling (`POST .../cancel`), with the stock in the file after each.
/// The fixture's menu gains a par for kiwi (20, in packs of 20): with 3
/// kiwis, the order is one pack of 20.
@Suite struct OrderAPITests {
    /// The fixture's files, kiwi with a par.
    static func withOrderingShop(_ body: (Fixture) async throws -> Void) async throws {
        try await Fixture.with { fixture in
            try Provocation.menuWithPar(fixture)
            try await body(fixture)
        }
    }

    @Test func anOrderPlacedIsListedReceivedOnceAndNoLongerOnOrder() async throws {
        try await Self.withOrderingShop { fixture in
            try await fixture.test { client in
                let placed = try await client.call(.post, "/api/stores/main/order", body: "{}")
                #expect(placed.status == 200)
                let order = try JSON(parsing: placed.body)
                #expect(order["order"] == 1)
                #expect(
                    order["suppliers"]?[0]?["lines"]
                        == [
                            [
                                "fruit": "kiwi", "have": 3, "onOrder": 0, "par": 20, "units": 20, "packs": 1,
                                "cost": .null,
                            ]
                        ])
                #expect(try fixture.journalKinds() == ["order"])
                #expect(fixture.stock() == "banana: 10\nkiwi: 3\n")

                let proposal = try JSON(parsing: try await client.call(.get, "/api/stores/main/order").body)
                #expect(proposal["suppliers"] == [])
                let again = try await client.call(.post, "/api/stores/main/order", body: "")
                #expect(try JSON(parsing: again.body)["order"] == .null)
                #expect(try fixture.journalKinds() == ["order"])

                let open = try JSON(parsing: try await client.call(.get, "/api/stores/main/orders").body)
                #expect(open["orders"]?.items.map { $0["order"] } == [1])
                #expect(
                    open["orders"]?[0]?["lines"]
                        == [["supplier": .null, "fruit": "kiwi", "units": 20, "packs": 1, "cost": .null]])
                #expect(open["orders"]?[0]?["units"] == 20)

                let received = try await client.call(
                    .post, "/api/stores/main/receive", body: #"{"order": 1, "arrived": ["kiwi=15"]}"#)
                #expect(received.status == 200)
                let receipt = try JSON(parsing: received.body)
                #expect(receipt["ok"] == true)
                #expect(receipt["entry"] == 2)
                #expect(receipt["order"] == 1)
                #expect(receipt["short"] == ["kiwi": 5])
                #expect(receipt["inventory"] == ["banana": 10, "kiwi": 18])
                #expect(fixture.stock() == "banana: 10\nkiwi: 18\n")
                #expect(try JSON(parsing: try await client.call(.get, "/api/stores/main/orders").body)["orders"] == [])

                let twice = try await client.call(.post, "/api/stores/main/receive", body: #"{"order": 1}"#)
                #expect(twice.status == 409)
                let refusal = try JSON(parsing: twice.body)
                #expect(refusal["ok"] == false)
                #expect(refusal["error"] == "already-received")
                #expect(refusal["entry"] == 2)
                #expect(
                    refusal["message"]
                        == "order 1 was received already, by entry 2: nothing was booked (juice undo 2 opens it again)")
                #expect(fixture.stock() == "banana: 10\nkiwi: 18\n")
                #expect(try fixture.journalKinds() == ["order", "adjust"])
            }
        }
    }

    @Test func aCancelledOrderIsRefusedToTheReceive() async throws {
        try await Self.withOrderingShop { fixture in
            try await fixture.test { client in
                #expect(try await client.call(.post, "/api/stores/main/order", body: "{}").status == 200)
                let cancel = try await client.call(.post, "/api/stores/main/cancel", body: #"{"order": 1}"#)
                #expect(cancel.status == 200)
                #expect(try JSON(parsing: cancel.body)["entry"] == 2)
                #expect(try fixture.journalLines().last?.contains(#""kind":"order","cancels":1,"changes":{}"#) == true)
                let receive = try await client.call(.post, "/api/stores/main/receive", body: #"{"order": 1}"#)
                #expect(receive.status == 409)
                #expect(try JSON(parsing: receive.body)["error"] == "cancelled")
                #expect(try JSON(parsing: receive.body)["entry"] == 2)
                let none = try await client.call(.post, "/api/stores/main/receive", body: #"{"order": 7}"#)
                #expect(none.status == 400)
                #expect(try JSON(parsing: none.body)["error"] == "usage")
                #expect(fixture.stock() == "banana: 10\nkiwi: 3\n")
            }
        }
    }

    /// `POST .../order` with nothing (no body, no `Content-Type`, as
    /// `curl -X POST` sends it) places the order; a body still needs JSON's
    /// type.
    @Test func anOrderSentWithNoBodyAndNoContentTypeIsPlaced() async throws {
        try await Self.withOrderingShop { fixture in
            try await fixture.test { client in
                let typed = try await client.call(.post, "/api/stores/main/order", body: "{}", contentType: nil)
                #expect(typed.status == 415)
                let placed = try await client.call(.post, "/api/stores/main/order", contentType: nil)
                #expect(placed.status == 200, "\(placed.body)")
                #expect(try JSON(parsing: placed.body)["order"] == 1)
                #expect(try fixture.journalKinds() == ["order"])
                let make = try await client.call(.post, "/api/stores/main/make", contentType: nil)
                #expect(make.status == 415)
            }
        }
    }

    /// A body that is no object, or has a member the route does not take,
    /// is refused with what is wrong, and nothing is written.
    @Test(arguments: [
        ("order", "[]", "the request body must be a JSON object ({ ... })"),
        ("order", "null", "the request body must be a JSON object ({ ... })"),
        (
            "order", #"{"store": "x"}"#,
            #"the request body may not have "store": this request takes no member (nothing or {})"#
        ),
        (
            "receive", #"{"order": 1, "extra": 1}"#,
            #"the request body may not have "extra": it takes "order", "arrived""#
        ),
        (
            "receive", #"{"order": 1.5}"#,
            #""order" must be a whole number from 1: give the number juice order --place printed"#
        ),
        (
            "receive", #"{"order": 99999999999999999999999}"#,
            #""order" must be a whole number from 1: give the number juice order --place printed"#
        ),
        (
            "cancel", #"{"order": "1"}"#,
            #""order" must be a whole number from 1: give the number juice order --place printed"#
        ),
        (
            "receive", #"{"order": 1, "arrived": ["kiwi=-2"]}"#,
            "'kiwi=-2' is not what arrived: write FRUIT=N, N the number of fruits that came (not packs)"
        ),
    ])
    func aBodyNotAsTheRouteTakesItIsRefusedSayingWhy(route: String, body: String, message: String) async throws {
        try await Self.withOrderingShop { fixture in
            try await fixture.test { client in
                let placed = try await client.call(.post, "/api/stores/main/order")
                #expect(placed.status == 200)
                let answer = try await client.call(.post, "/api/stores/main/\(route)", body: body)
                #expect(answer.status == 400)
                let json = try JSON(parsing: answer.body)
                #expect(json["error"] == "usage")
                #expect(json["message"]?.string == message)
                #expect(try fixture.journalKinds() == ["order"])
                #expect(fixture.stock() == "banana: 10\nkiwi: 3\n")
            }
        }
    }
}
