-- The location an organization's profile showed fell back to the country given at sign-up, while search
-- showed and matched only the location. The country is now the location from sign-up, so there is one.
UPDATE "organizations" SET "location" = "country" WHERE "location" = '' AND "country" <> '';
