import type { IdType, Profile, UserData } from "../../../contract/accounts";
import type { User } from "./sessions";

export function presentUserData(user: User): UserData {
  const voter = user.userType === "voter";
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    user_type: user.userType,
    id_type: voter ? ((user.idType as IdType | null) ?? null) : null,
    phone_number: voter ? (user.phoneNumber ?? "") : null,
    organization_id: user.organizationId,
  };
}

export function presentProfile(user: User): Profile {
  return {
    ...presentUserData(user),
    avatar_url: "",
    role: user.userType,
    voter_id_hash: user.voterIdHash,
    two_factor_enabled: user.totpEnabled,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
