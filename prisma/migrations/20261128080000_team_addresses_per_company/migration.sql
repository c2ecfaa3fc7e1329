-- One address may be on the team of several companies (issue 33: accepting an invitation
-- refused an address on another company's team, which told the inviter that it was). Team
-- accounts, like end users, are unique per company only ("User_companyId_loginEmail_key"):
-- the console's sign-in asks which company when one password opens several.
DROP INDEX IF EXISTS "User_team_loginEmail_key";
