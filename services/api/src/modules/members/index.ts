// The public face of the members module: other modules import only what is exported here.
// A network's members and their roles.
export { NetworkMember } from './member.entity';
export { MembersModule } from './members.module';
