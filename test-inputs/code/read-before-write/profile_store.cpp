// SaveProfile: get-then-add-or-update on the current SDK, on the
// beta.2-beta.5 shape (a fork in Azure::Storage::Tables that only has
// UpsertEntity), with the hard negatives next to them.
#include <azure/data/tables.hpp>
#include <azure/storage/tables.hpp>

#include <string>

namespace profiles {

namespace Tables = Azure::Data::Tables;
using Azure::Core::RequestFailedException;
using Azure::Core::Http::HttpStatusCode;

struct Profile {
  std::string UserId;
  std::string DisplayName;
  std::string Email;
};

class ProfileStore {
public:
  explicit ProfileStore(std::string const &url) : users_(url, "Users") {}

  // Read, then replace if found or add if missing: one upsert does this.
  void SaveProfile(Profile const &p) const {
    Tables::Models::TableEntity e;
    e.SetPartitionKey(p.UserId);
    e.SetRowKey("profile");
    e.Properties["DisplayName"] = p.DisplayName;
    e.Properties["Email"] = p.Email;
    try {
      auto existing = users_.GetEntity(p.UserId, "profile"); // expect: tablelint-read-before-write "use UpdateOrInsertEntity"
      users_.UpdateEntity(e);
    } catch (RequestFailedException const &ex) {
      if (ex.StatusCode == HttpStatusCode::NotFound)
        users_.AddEntity(e);
      else
        throw;
    }
  }

  // The catalog's bad example: keys read from the entity itself, merge on
  // the found path.
  void SaveLocation(Tables::Models::TableEntity const &location) const {
    try {
      users_.GetEntity(location.GetPartitionKey().Value, location.GetRowKey().Value); // expect: tablelint-read-before-write "GetEntity reads the entity only to choose between AddEntity when it is missing (line 52) and MergeEntity when it exists (line 48): use MergeOrInsertEntity"
      users_.MergeEntity(location);
    } catch (RequestFailedException const &e) {
      if (e.StatusCode != HttpStatusCode::NotFound)
        throw;
      users_.AddEntity(location);
    }
  }

  // Optimistic concurrency: the read's ETag guards the update.
  void RenameIfUnchanged(std::string const &userId, std::string const &name) const {
    Tables::Models::TableEntity e;
    e.SetPartitionKey(userId);
    e.SetRowKey("profile");
    e.Properties["DisplayName"] = name;
    try {
      auto read = users_.GetEntity(userId, "profile"); // ok: tablelint-read-before-write (the ETag of the read is used)
      e.SetETag(read.Value.GetETag().Value);
      users_.UpdateEntity(e);
    } catch (RequestFailedException const &) {
      users_.AddEntity(e);
    }
  }

  // Read-modify-write: the new value is computed from the old one.
  void CountLogin(std::string const &userId) const {
    Tables::Models::TableEntity e;
    e.SetPartitionKey(userId);
    e.SetRowKey("logins");
    try {
      auto old = users_.GetEntity(userId, "logins"); // ok: tablelint-read-before-write (read-modify-write)
      e.Properties["N"] = std::to_string(std::stoi(old.Value.Properties["N"].Value) + 1);
      users_.UpdateEntity(e);
    } catch (RequestFailedException const &) {
      e.Properties["N"] = std::string("1");
      users_.AddEntity(e);
    }
  }

  // Reads one key, writes another.
  void CopyToArchive(std::string const &userId) const {
    Tables::Models::TableEntity e;
    e.SetPartitionKey(userId);
    e.SetRowKey("archived-profile");
    try {
      users_.GetEntity(userId, "profile"); // ok: tablelint-read-before-write (another row key is written)
      users_.UpdateEntity(e);
    } catch (RequestFailedException const &) {
      users_.AddEntity(e);
    }
  }

  // Insert only if missing: an upsert would overwrite, so no finding.
  void CreateIfMissing(Profile const &p) const {
    Tables::Models::TableEntity e;
    e.SetPartitionKey(p.UserId);
    e.SetRowKey("profile");
    try {
      users_.GetEntity(p.UserId, "profile"); // ok: tablelint-read-before-write (no write where it exists)
    } catch (RequestFailedException const &) {
      users_.AddEntity(e);
    }
  }

private:
  Tables::TableClient users_;
};

// beta.2-beta.5 (a fork with only UpsertEntity): the suggestion names it.
void SaveProfileBeta(Azure::Storage::Tables::TableClient const &users, Profile const &p) {
  Azure::Storage::Tables::Models::TableEntity e;
  e.SetPartitionKey(p.UserId);
  e.SetRowKey("profile");
  e.Properties["Email"] = p.Email;
  try {
    users.GetEntity(p.UserId, "profile"); // expect: tablelint-read-before-write "use UpsertEntity(entity, UpsertEntityOptions{UpsertKind::Update})"
    users.UpdateEntity(e);
  } catch (Azure::Core::RequestFailedException const &) {
    users.AddEntity(e);
  }
}

// The read through one client, the writes through another table.
void SaveProfileElsewhere(Tables::TableClient const &users, Tables::TableClient const &mirror,
                          Profile const &p) {
  Tables::Models::TableEntity e;
  e.SetPartitionKey(p.UserId);
  e.SetRowKey("profile");
  try {
    users.GetEntity(p.UserId, "profile"); // ok: tablelint-read-before-write (the writes go to another table)
    mirror.UpdateEntity(e);
  } catch (RequestFailedException const &) {
    mirror.AddEntity(e);
  }
}

} // namespace profiles
