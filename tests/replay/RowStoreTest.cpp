// The simulated service's ordered store (replay/RowStore.h) against
// std::map, the structure it replaced: the same answers to lookups,
// inserts, replaces and deletes, and the same key order in scans from any
// key, across partitions and leaf splits.
#include "replay/RowStore.h"

#include "replay/Random.h"
#include "replay/SimulatedService.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace tablelint::replay {
namespace {

std::vector<std::pair<std::string, std::uint32_t>>
scanFrom(const RowStore &S, std::string_view From, std::size_t Limit) {
  std::vector<std::pair<std::string, std::uint32_t>> Out;
  for (RowStore::Cursor C = S.lowerBound(From); C.valid() && Out.size() < Limit;
       C.next())
    Out.emplace_back(std::string(C.key()), C.value());
  return Out;
}

std::vector<std::pair<std::string, std::uint32_t>>
scanFrom(const std::map<std::string, std::uint32_t> &M, const std::string &From,
         std::size_t Limit) {
  std::vector<std::pair<std::string, std::uint32_t>> Out;
  for (auto It = M.lower_bound(From); It != M.end() && Out.size() < Limit;
       ++It)
    Out.emplace_back(It->first, It->second);
  return Out;
}

struct Churn {
  std::uint32_t Steps;
  std::uint64_t EraseOneIn; // an erase one step in this many, else inserts
  std::uint32_t ProbeEvery; // a lookup and a scan every this many steps
  std::size_t ScanRows;
};

// Random inserts and erases of NextKey()'s keys into S and M alike, each
// answered as std::map answers it, with a lookup and a scan of a fresh
// key every C.ProbeEvery steps; then both whole.
template <typename KeyFn>
void churnAgainstMap(RowStore &S, std::map<std::string, std::uint32_t> &M,
                     Rng &R, KeyFn &NextKey, const Churn &C) {
  for (std::uint32_t Step = 0; Step < C.Steps; ++Step) {
    const std::string Key = NextKey();
    if (R.below(C.EraseOneIn) == 0) {
      ASSERT_EQ(S.erase(Key), M.erase(Key) == 1);
    } else {
      ASSERT_EQ(S.insert(Key, Step), M.emplace(Key, Step).second);
    }
    if (Step % C.ProbeEvery == 0) {
      const std::string Probe = NextKey();
      ASSERT_EQ(S.count(Probe), M.count(Probe));
      ASSERT_EQ(scanFrom(S, Probe, C.ScanRows), scanFrom(M, Probe, C.ScanRows));
    }
  }
  EXPECT_EQ(S.size(), M.size());
  EXPECT_EQ(scanFrom(S, "", M.size() + 1), scanFrom(M, "", M.size() + 1));
  for (const auto &[Key, Value] : M) {
    const std::uint32_t *Found = S.find(Key);
    ASSERT_NE(Found, nullptr);
    EXPECT_EQ(*Found, Value);
  }
}

TEST(RowStore, OrdersByPartitionKeyThenRowKeyAcrossPartitions) {
  RowStore S;
  // "a" < "a-b" as partition keys, but "a-b\0..." sorts after every "a\0..."
  // key only because NUL is below every key character.
  EXPECT_TRUE(S.insert(rowKey("a-b", "1"), 1));
  EXPECT_TRUE(S.insert(rowKey("a", "zz"), 2));
  EXPECT_TRUE(S.insert(rowKey("a", "0"), 3));
  EXPECT_TRUE(S.insert(rowKey("b", ""), 4));
  std::vector<std::uint32_t> Order;
  for (RowStore::Cursor C = S.begin(); C.valid(); C.next())
    Order.push_back(C.value());
  EXPECT_EQ(Order, (std::vector<std::uint32_t>{3, 2, 1, 4}));
  EXPECT_EQ(S.size(), 4u);
}

TEST(RowStore, InsertRefusesAnExistingKeyAssignReplacesIt) {
  RowStore S;
  EXPECT_TRUE(S.insert(rowKey("p", "r"), 1));
  EXPECT_FALSE(S.insert(rowKey("p", "r"), 2)) << "insert of a stored key";
  ASSERT_NE(S.find(rowKey("p", "r")), nullptr);
  EXPECT_EQ(*S.find(rowKey("p", "r")), 1u);
  S.assign(rowKey("p", "r"), 7);
  EXPECT_EQ(*S.find(rowKey("p", "r")), 7u);
  EXPECT_EQ(S.find(rowKey("p", "s")), nullptr);
  EXPECT_EQ(S.count(rowKey("p", "r")), 1u);
  EXPECT_TRUE(S.erase(rowKey("p", "r")));
  EXPECT_FALSE(S.erase(rowKey("p", "r"))) << "delete of a missing key";
  EXPECT_TRUE(S.empty());
  EXPECT_FALSE(S.begin().valid());
}

TEST(RowStore, AppendsInKeyOrderScanBackInOrder) {
  // Time-ordered row keys: the common case, each key past the last.
  RowStore S;
  char Buffer[32];
  for (std::uint32_t I = 0; I < 10000; ++I) {
    std::snprintf(Buffer, sizeof Buffer, "%08u", I);
    ASSERT_TRUE(S.insert(rowKey("day", Buffer), I));
  }
  std::uint32_t Expected = 0;
  for (RowStore::Cursor C = S.begin(); C.valid(); C.next())
    ASSERT_EQ(C.value(), Expected++);
  EXPECT_EQ(Expected, 10000u);
  // A continuation in the middle resumes at that key.
  RowStore::Cursor C = S.lowerBound(rowKey("day", "00005000"));
  ASSERT_TRUE(C.valid());
  EXPECT_EQ(C.value(), 5000u);
}

TEST(RowStore, RandomOperationsMatchAnOrderedMap) {
  // Inserts, replaces and deletes at random over 40 partitions, checked
  // against std::map after every step and by scans from random keys,
  // including keys that are not stored and continuations after deletes.
  RowStore S;
  std::map<std::string, std::uint32_t> M;
  Rng R(42);
  auto RandomKey = [&] {
    return rowKey("pk" + std::to_string(R.below(40)),
                  "rk" + std::to_string(R.below(3000)));
  };
  for (std::uint32_t Step = 0; Step < 200000; ++Step) {
    const std::string Key = RandomKey();
    switch (R.below(4)) {
    case 0:
    case 1:
      ASSERT_EQ(S.insert(Key, Step), M.emplace(Key, Step).second) << Key;
      break;
    case 2:
      S.assign(Key, Step);
      M[Key] = Step;
      break;
    case 3:
      ASSERT_EQ(S.erase(Key), M.erase(Key) == 1) << Key;
      break;
    }
    ASSERT_EQ(S.size(), M.size());
    if (Step % 997 == 0) {
      const std::string Probe = RandomKey();
      ASSERT_EQ(S.count(Probe), M.count(Probe));
      ASSERT_EQ(scanFrom(S, Probe, 300), scanFrom(M, Probe, 300)) << Probe;
      // A partition's whole range, as a query for one PartitionKey reads it.
      const std::string Pk = "pk" + std::to_string(R.below(40));
      ASSERT_EQ(scanFrom(S, Pk + '\0', 5000), scanFrom(M, Pk + '\0', 5000));
    }
  }
  EXPECT_EQ(scanFrom(S, "", M.size() + 1), scanFrom(M, "", M.size() + 1));
}

TEST(RowStore, RandomInsertsOfDemoKeysTakeUnderThirtyTwoBytesAKey) {
  // The telemetry demo's readings as its suggested design keys them
  // (bucket and day, NUL, device id and time of day), inserted in random
  // device order as the replay does: leaves shared with a sibling before
  // they split end about four fifths full, and a node keeps of each key
  // only what its prefix and 8-byte head do not hold: about 26 bytes a
  // key. Halved leaves and whole suffixes with offsets took about 51.
  RowStore S;
  Rng R(5);
  char Key[64];
  const std::uint32_t Keys = 200000;
  for (std::uint32_t I = 0; I < Keys; ++I) {
    const auto Device = static_cast<unsigned>(R.below(50000));
    const int Length = std::snprintf(
        Key, sizeof Key, "%u_20250101%cdeviceId-%u_%02u%02u%02u%03u",
        Device % 8, '\0', Device, I / 360000 % 24, I / 6000 % 60,
        I / 100 % 60, I % 1000);
    ASSERT_TRUE(S.insert(std::string_view(Key, Length), I));
  }
  EXPECT_LT(static_cast<double>(S.bytes()) / Keys, 32.0);
}

TEST(RowStore, LeavesSharingKeysWithEitherSiblingKeepOrder) {
  // A full leaf moves a run of keys to the sibling with room (the one
  // before or the one after) and the new key lands in either leaf. Keys
  // of a few families whose shared prefixes differ in length (the sibling
  // must shorten its prefix for the keys it takes), inserted around
  // earlier keys from both sides, so that every case happens many times;
  // checked against std::map by lookups and scans.
  RowStore S;
  std::map<std::string, std::uint32_t> M;
  Rng R(11);
  const char *Families[] = {"a", "ab-", "ab-long-prefix-of-the-row-", "b"};
  for (std::uint32_t Step = 0; Step < 120000; ++Step) {
    const std::string Family = Families[R.below(4)];
    // Row numbers cluster (runs of neighbours) so leaves fill unevenly.
    const std::uint64_t Row = (Step % 2 ? R.below(500) * 97 : 48500 - Step % 48500) +
                              R.below(3);
    const std::string Key = rowKey(Family, std::to_string(Row) + "-" +
                                               std::to_string(R.below(7)));
    ASSERT_EQ(S.insert(Key, Step), M.emplace(Key, Step).second) << Key;
    if (Step % 4999 == 0) {
      ASSERT_EQ(S.size(), M.size());
      const std::string Probe = rowKey(Families[R.below(4)],
                                       std::to_string(R.below(48500)));
      ASSERT_EQ(scanFrom(S, Probe, 400), scanFrom(M, Probe, 400)) << Probe;
    }
  }
  EXPECT_EQ(scanFrom(S, "", M.size() + 1), scanFrom(M, "", M.size() + 1));
  for (const auto &[Key, Value] : M) {
    const std::uint32_t *Found = S.find(Key);
    ASSERT_NE(Found, nullptr) << Key;
    ASSERT_EQ(*Found, Value);
  }
}

TEST(RowStore, KeysOfEveryShapeKeepByteOrder) {
  // Nodes store the prefix their keys share once and each key's suffix
  // with an 8-byte head: keys that are prefixes of others, keys that differ
  // only past the head or past the longest prefix kept, empty keys, bytes
  // above 0x7f and NULs, and keys that widen a node's prefix as they
  // arrive must all keep the order std::map gives.
  RowStore S;
  std::map<std::string, std::uint32_t> M;
  Rng R(7);
  const std::string Alphabet("\0\x01az~\x7f\x80\xff", 8);
  const std::string Long(70, 'p'); // longer than any prefix kept
  auto RandomKey = [&] {
    std::string Key = R.below(3) == 0 ? Long : std::string();
    const std::uint64_t Length = R.below(R.below(4) == 0 ? 40 : 12);
    for (std::uint64_t I = 0; I < Length; ++I)
      Key += Alphabet[R.below(Alphabet.size())];
    return Key;
  };
  churnAgainstMap(S, M, R, RandomKey, {60000, 5, 499, 200});
}

TEST(RowStore, KeysTyingOnTheirHeadsKeepByteOrder) {
  // A node compares the 8-byte heads of its keys first and their tails
  // only within the run of keys whose head equals the key searched: long
  // runs of keys that share their first bytes past the node's prefix and
  // differ only further on (or are prefixes of one another) must keep
  // std::map's order, for inserts, lookups, erases and scans.
  RowStore S;
  std::map<std::string, std::uint32_t> M;
  Rng R(11);
  auto RandomKey = [&] {
    // Partition, then a row whose first 9 bytes take few values and whose
    // tail (0-12 more bytes) many.
    std::string Key = "pk" + std::to_string(R.below(3));
    Key += '\0';
    Key += "device-" + std::to_string(R.below(4)) + "_";
    const std::uint64_t Length = R.below(13);
    for (std::uint64_t I = 0; I < Length; ++I)
      Key += static_cast<char>('0' + R.below(3));
    return Key;
  };
  churnAgainstMap(S, M, R, RandomKey, {40000, 6, 397, 150});
}

TEST(RowStore, ACursorLooksAheadOnlyWithinItsLeaf) {
  // valueAhead(K) (what a scan prefetches) is the value K rows on, when
  // that row is in the cursor's leaf; every row of a scan that says so
  // agrees with walking on, and the look-ahead reaches most rows.
  RowStore S;
  std::vector<std::uint32_t> Values;
  for (int I = 0; I < 3000; ++I)
    S.insert(rowKey("pk" + std::to_string(I % 7), "row-" + std::to_string(I)),
             static_cast<std::uint32_t>(I));
  for (RowStore::Cursor C = S.begin(); C.valid(); C.next())
    Values.push_back(C.value());
  ASSERT_EQ(Values.size(), 3000u);
  std::size_t Seen = 0, Ahead = 0;
  for (RowStore::Cursor C = S.begin(); C.valid(); C.next(), ++Seen) {
    for (int K : {1, 6, 12}) {
      std::uint32_t Value = 0;
      if (!C.valueAhead(K, Value))
        continue;
      ++Ahead;
      ASSERT_LT(Seen + static_cast<std::size_t>(K), Values.size());
      EXPECT_EQ(Value, Values[Seen + static_cast<std::size_t>(K)]);
    }
  }
  EXPECT_GT(Ahead, 3000u * 3 / 2);
}

TEST(RowStore, ACursorKeepsItsKeyWhileTheStoreIsOnlyRead) {
  // key() is built from the node's prefix and suffix: the view stays the
  // key of the cursor's position, also for a copy of the cursor.
  RowStore S;
  for (int I = 0; I < 500; ++I)
    S.insert(rowKey("pk", "row-" + std::to_string(1000 + I)), I);
  RowStore::Cursor C = S.lowerBound(rowKey("pk", "row-1250"));
  const RowStore::Cursor Copy = C;
  ASSERT_TRUE(C.valid());
  EXPECT_EQ(C.key(), rowKey("pk", "row-1250"));
  C.next();
  EXPECT_EQ(C.key(), rowKey("pk", "row-1251"));
  EXPECT_EQ(C.value(), 251u);
  EXPECT_EQ(Copy.key(), rowKey("pk", "row-1250"));
}

TEST(RowStore, KeysPastTheGreatestAppendAlsoAfterItIsErased) {
  // Keys past the greatest go to the last leaf without a search, while
  // the greatest is known: time-ordered keys with replaces of the newest,
  // erases of the greatest (after which every key is searched for) and of
  // others, keys in between, against std::map after every step.
  RowStore S;
  std::map<std::string, std::uint32_t> M;
  Rng R(7);
  char Buffer[32];
  std::uint32_t Next = 0;
  for (std::uint32_t Step = 0; Step < 60000; ++Step) {
    const std::uint64_t Pick = R.below(100);
    if (Pick < 70) { // the next key in time
      std::snprintf(Buffer, sizeof Buffer, "%08u", Next++);
      const std::string Key = rowKey("day", Buffer);
      if (Pick < 5) {
        S.assign(Key, Step);
        M[Key] = Step;
      } else {
        ASSERT_EQ(S.insert(Key, Step), M.emplace(Key, Step).second);
      }
    } else if (Pick < 75 && !M.empty()) { // the greatest again, replaced
      const std::string Key = M.rbegin()->first;
      std::uint32_t Previous = 0;
      ASSERT_TRUE(S.exchange(Key, Step, Previous));
      EXPECT_EQ(Previous, M[Key]);
      M[Key] = Step;
    } else if (Pick < 78 && Step > 40000 && !M.empty()) {
      // The greatest erased, late: until then keys are appended.
      const std::string Key = M.rbegin()->first;
      ASSERT_TRUE(S.erase(Key));
      M.erase(Key);
    } else if (Pick < 90) { // a key in between, or one before them all
      std::snprintf(Buffer, sizeof Buffer, "%08u",
                    static_cast<std::uint32_t>(R.below(Next + 1)));
      const std::string Key =
          rowKey(Pick < 88 ? "day" : "before", std::string(Buffer) + "x");
      ASSERT_EQ(S.insert(Key, Step), M.emplace(Key, Step).second);
    } else { // any key erased
      std::snprintf(Buffer, sizeof Buffer, "%08u",
                    static_cast<std::uint32_t>(R.below(Next + 1)));
      const std::string Key = rowKey("day", Buffer);
      ASSERT_EQ(S.erase(Key), M.erase(Key) == 1);
    }
    ASSERT_EQ(S.size(), M.size());
    if (Step % 1999 == 0)
      ASSERT_EQ(scanFrom(S, "", M.size() + 1), scanFrom(M, "", M.size() + 1));
  }
  EXPECT_EQ(scanFrom(S, "", M.size() + 1), scanFrom(M, "", M.size() + 1));
  for (const auto &[Key, Value] : M) {
    const std::uint32_t *Found = S.find(Key);
    ASSERT_NE(Found, nullptr) << Key;
    EXPECT_EQ(*Found, Value);
  }
}

} // namespace
} // namespace tablelint::replay
