/**
 * A Vanilla database's tables (MariaDB DDL, `GDN_` prefix), written from the columns of Vanilla's structure files
 * (dashboard and vanilla structure.php): roles and permissions, members, categories, discussions, comments, tags,
 * reactions, read state and bookmarks, conversations. vanilla.import.test.ts fills them with a small forum, the
 * import benchmark (bench/import.ts) with a large one; a module without imports, so the benchmark loads none of
 * the server's code for it.
 */
export const vanillaSchema = `
create table GDN_Role (
  RoleID int not null auto_increment primary key, Name varchar(100) not null, Description varchar(500) null,
  Type enum('guest','unconfirmed','applicant','member','moderator','administrator') null, Sort int null,
  Deletable tinyint(1) not null default 1, CanSession tinyint(1) not null default 1,
  PersonalInfo tinyint(1) not null default 0);
create table GDN_UserRole (UserID int not null, RoleID int not null, primary key (UserID, RoleID));
create table GDN_Permission (
  PermissionID int not null auto_increment primary key, RoleID int not null default 0,
  JunctionTable varchar(100) null, JunctionColumn varchar(100) null, JunctionID int null,
  \`Garden.SignIn.Allow\` tinyint not null default 0, \`Garden.Settings.Manage\` tinyint not null default 0,
  \`Garden.Profiles.View\` tinyint not null default 0, \`Garden.Moderation.Manage\` tinyint not null default 0,
  \`Garden.Email.View\` tinyint not null default 0, \`Vanilla.Discussions.View\` tinyint not null default 0,
  \`Vanilla.Discussions.Add\` tinyint not null default 0, \`Vanilla.Comments.Add\` tinyint not null default 0);
create table GDN_User (
  UserID int not null auto_increment primary key, Name varchar(50) not null, Password varbinary(100) not null,
  HashMethod varchar(10) null, Photo varchar(255) null, Title varchar(100) null, Location varchar(100) null,
  About text null, Email varchar(100) not null, ShowEmail tinyint(1) not null default 0,
  CountVisits int not null default 0, DateFirstVisit datetime null, DateLastActive datetime null,
  LastIPAddress varbinary(16) null, DateInserted datetime not null, InsertIPAddress varbinary(16) null,
  DateUpdated datetime null, Admin tinyint(1) not null default 0, Confirmed tinyint(1) not null default 1,
  Verified tinyint(1) not null default 0, Banned tinyint(1) not null default 0, Deleted tinyint(1) not null default 0,
  Points int not null default 0);
create table GDN_Category (
  CategoryID int not null auto_increment primary key, ParentCategoryID int null, TreeLeft int null,
  TreeRight int null, Depth int not null default 0, CountDiscussions int not null default 0,
  CountComments int not null default 0, Archived tinyint(1) not null default 0, Name varchar(255) not null,
  UrlCode varchar(255) null, Description varchar(500) null, Sort int null, Photo varchar(255) null,
  PermissionCategoryID int not null default -1, DisplayAs varchar(20) not null default 'Default',
  InsertUserID int not null, UpdateUserID int null, DateInserted datetime not null, DateUpdated datetime not null,
  LastCommentID int null, LastDiscussionID int null);
create table GDN_Discussion (
  DiscussionID int not null auto_increment primary key, Type varchar(10) null, CategoryID int not null,
  InsertUserID int not null, UpdateUserID int null, FirstCommentID int null, LastCommentID int null,
  Name varchar(100) not null, Body mediumtext not null, Format varchar(20) null, CountComments int not null default 0,
  CountViews int not null default 1, Closed tinyint(1) not null default 0, Announce tinyint(1) not null default 0,
  Sink tinyint(1) not null default 0, DateInserted datetime not null, DateUpdated datetime null,
  InsertIPAddress varbinary(16) null, DateLastComment datetime null, LastCommentUserID int null, Score float null);
create table GDN_Comment (
  CommentID int not null auto_increment primary key, DiscussionID int not null, InsertUserID int null,
  UpdateUserID int null, Body mediumtext not null, Format varchar(20) null, DateInserted datetime null,
  DateUpdated datetime null, InsertIPAddress varbinary(16) null, Score float null);
create table GDN_Tag (
  TagID int not null auto_increment primary key, Name varchar(100) not null, FullName varchar(100) not null,
  Type varchar(20) not null default '', ParentTagID int null, InsertUserID int null, DateInserted datetime not null,
  CategoryID int not null default -1, CountDiscussions int not null default 0);
create table GDN_TagDiscussion (
  TagID int not null, DiscussionID int not null, CategoryID int not null, DateInserted datetime null,
  primary key (TagID, DiscussionID));
create table GDN_ReactionType (
  UrlCode varchar(32) not null primary key, Name varchar(32) not null, Description text null,
  Class varchar(10) null, TagID int not null, Attributes text null, Sort smallint null,
  Active tinyint not null default 1, Custom tinyint not null default 0, Hidden tinyint not null default 0);
create table GDN_UserTag (
  RecordType varchar(200) not null, RecordID int not null, TagID int not null, UserID int not null,
  DateInserted datetime not null, Total int not null default 0, primary key (RecordType, RecordID, TagID, UserID));
create table GDN_UserDiscussion (
  UserID int not null, DiscussionID int not null, Score float null, CountComments int not null default 0,
  DateLastViewed datetime null, Dismissed tinyint(1) not null default 0, Bookmarked tinyint(1) not null default 0,
  Participated tinyint(1) not null default 0, primary key (UserID, DiscussionID));
create table GDN_Conversation (
  ConversationID int not null auto_increment primary key, Type varchar(10) null, ForeignID varchar(40) null,
  Subject varchar(255) null, Contributors varchar(255) null, FirstMessageID int null, InsertUserID int not null,
  DateInserted datetime null, InsertIPAddress varbinary(16) null, UpdateUserID int not null,
  DateUpdated datetime not null, UpdateIPAddress varbinary(16) null, CountMessages int not null default 0,
  CountParticipants int not null default 0, LastMessageID int null, RegardingID int null);
create table GDN_ConversationMessage (
  MessageID int not null auto_increment primary key, ConversationID int not null, Body text not null,
  Format varchar(20) null, InsertUserID int null, DateInserted datetime not null, InsertIPAddress varbinary(16) null);
create table GDN_UserConversation (
  UserID int not null, ConversationID int not null, CountReadMessages int not null default 0,
  LastMessageID int null, DateLastViewed datetime null, DateCleared datetime null,
  Bookmarked tinyint(1) not null default 0, Deleted tinyint(1) not null default 0,
  DateConversationUpdated datetime null, primary key (UserID, ConversationID));
`;
